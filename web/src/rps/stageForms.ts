import type { Rps, StageSlug } from './rpsApi';

/** How a field is edited and sent: text as is, a number, comma-separated codes, `code: text` lines. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'codes' | 'lines' | 'reference';

export interface FieldDef {
  key: string;
  /** Its label, `rps.editor.<label>`. */
  label: string;
  kind: FieldKind;
}

/** A row of a list stage as the form holds it: every field as text. */
export type Row = Record<string, string>;

/** A list stage: the attribute it sends, its fields; `weeks`: one row per week of the main plan, fixed. */
export interface ListStage {
  list: string;
  fields: FieldDef[];
  weeks?: boolean;
}

const field = (key: string, label: string, kind: FieldKind = 'text'): FieldDef => ({ key, label, kind });

/** Stages 2–11 (stage 1 is its own form). */
export const LIST_STAGES: Record<Exclude<StageSlug, 'informasi-umum-mk'>, ListStage> = {
  'bahan-kajian': {
    list: 'topics',
    fields: [field('name', 'name'), field('description', 'text', 'textarea')],
  },
  cpl: { list: 'cpl', fields: [field('code', 'code'), field('description', 'text', 'textarea')] },
  cpmk: {
    list: 'cpmk',
    fields: [
      field('code', 'code'),
      field('description', 'text', 'textarea'),
      field('cpl', 'cpl', 'codes'),
      field('sub_cpmk', 'subCpmk', 'lines'),
    ],
  },
  rujukan: {
    list: 'references',
    fields: [field('type', 'type', 'reference'), field('citation', 'citation', 'textarea')],
  },
  evaluasi: {
    list: 'evaluations',
    fields: [field('name', 'name'), field('cpmk', 'cpmk', 'codes'), field('weight', 'weight', 'number')],
  },
  'rps-utama': {
    list: 'weeks',
    fields: [
      field('week', 'week', 'number'),
      field('sub_cpmk', 'subCpmk'),
      field('topic', 'topic'),
      field('indicators', 'indicators', 'textarea'),
      field('criteria', 'criteria', 'textarea'),
      field('weight', 'weight', 'number'),
    ],
  },
  'rps-metode-pembelajaran': {
    list: 'methods',
    weeks: true,
    fields: [
      field('method_offline', 'methodOffline', 'textarea'),
      field('method_online', 'methodOnline', 'textarea'),
    ],
  },
  'rps-waktu-pembelajaran': {
    list: 'times',
    weeks: true,
    fields: [
      field('face_to_face_minutes', 'faceToFace', 'number'),
      field('structured_minutes', 'structured', 'number'),
      field('independent_minutes', 'independent', 'number'),
    ],
  },
  'rps-lce': { list: 'lce', weeks: true, fields: [field('learning_experience', 'lce', 'textarea')] },
  'rps-penggunaan-ai': { list: 'ai_use', weeks: true, fields: [field('ai_use', 'aiUse', 'textarea')] },
};

function toText(def: FieldDef, value: unknown): string {
  if (def.kind === 'codes') return ((value as string[] | undefined) ?? []).join(', ');
  if (def.kind === 'lines')
    return ((value as Array<{ code: string; description: string }> | undefined) ?? [])
      .map((item) => `${item.code}: ${item.description}`)
      .join('\n');
  return value === undefined || value === null ? '' : String(value);
}

function fromText(def: FieldDef, text: string): unknown {
  if (def.kind === 'number') return text.trim() === '' ? 0 : Number(text);
  if (def.kind === 'codes')
    return text
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
  if (def.kind === 'lines')
    return text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(':');
        return at < 0
          ? { code: line, description: line }
          : { code: line.slice(0, at).trim(), description: line.slice(at + 1).trim() };
      });
  return text;
}

/** The stage's rows from the plan: its list, or for stages 8–11 one row per week of the main plan. */
export function rowsOf(stage: ListStage, plan: Rps): Row[] {
  const items = (stage.weeks ? plan.weeks : plan[stage.list as keyof Rps]) as Array<Record<string, unknown>>;
  return items.map((item) => {
    const row: Row = stage.weeks ? { week: String(item.week) } : {};
    for (const def of stage.fields) row[def.key] = toText(def, item[def.key]);
    return row;
  });
}

/** What the stage's save sends for these rows. */
export function attributesOf(stage: ListStage, rows: Row[]): Record<string, unknown> {
  return {
    [stage.list]: rows.map((row) => {
      const item: Record<string, unknown> = stage.weeks ? { week: Number(row.week) } : {};
      for (const def of stage.fields) item[def.key] = fromText(def, row[def.key] ?? '');
      return item;
    }),
  };
}

/** An empty row of a list stage (the main plan's next week numbered after the last). */
export function blankRow(stage: ListStage, rows: Row[]): Row {
  const row: Row = Object.fromEntries(stage.fields.map((def) => [def.key, def.kind === 'number' ? '0' : '']));
  if (stage.list === 'weeks')
    row.week = String(Math.max(0, ...rows.map((item) => Number(item.week) || 0)) + 1);
  if (stage.list === 'references') row.type = 'main';
  return row;
}
