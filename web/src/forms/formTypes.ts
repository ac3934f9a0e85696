import type { ResourceOf } from '../api/types';

/** A form (logbook) as its reader sees it (spec 01 §3); the attribute `type` arrives as `forms_type`. */
export type Form = ResourceOf<'/api/course/forms/{id}'>;
/** A student's entry of a form for one day or month. */
export type FormAnswer = ResourceOf<'/api/course/formanswers/{id}'>;
export type FormField = Form['lists'][number];
export type FieldType = FormField['type'];
export type Rubric = NonNullable<Form['rubric']>;
/** A rubric template of `GET /course/rubrics` (the task service's, decision 0008). */
export type RubricTemplate = ResourceOf<'/api/course/rubrics'>;

export const FIELD_TYPES: FieldType[] = ['text', 'long_text', 'number', 'choice', 'date'];

/** What the editor sends: the form's attributes (`type` as the API names it on writes). */
export interface FormWrite {
  formable_type: 'modules' | 'activities';
  formable_id: number;
  title: string;
  type: 'daily' | 'monthly';
  date: string | null;
  month: string | null;
  start_at: string;
  end_at: string;
  is_file_required: boolean;
  assesment_method: 'none' | 'rubric';
  rubric: Rubric | null;
  lists: Array<Omit<FormField, 'options' | 'min' | 'max' | 'help'> & Partial<FormField>>;
}

/** The key a new field gets: `field_2`, the first free one. */
export function nextFieldKey(fields: Array<{ key: string }>): string {
  let n = fields.length + 1;
  while (fields.some((field) => field.key === `field_${n}`)) n += 1;
  return `field_${n}`;
}

/** The levels chosen give this score (Σ weight × point / Σ weight, two decimals), or null while incomplete. */
export function rubricPreview(rubric: Rubric, levels: Array<number | null>): number | null {
  if (rubric.criteria.some((_, index) => levels[index] === null || levels[index] === undefined)) return null;
  const total = rubric.criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
  if (total <= 0) return null;
  const weighted = rubric.criteria.reduce(
    (sum, criterion, index) => sum + criterion.weight * criterion.levels[levels[index]!].point,
    0,
  );
  return Math.round((weighted / total) * 100) / 100;
}
