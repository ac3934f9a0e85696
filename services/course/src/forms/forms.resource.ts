import { attributes, defineResource, field, type QuerySpec, z } from '@lms/jsonapi';
import { rubricField, rubricSchema } from '@lms/rubrics';
import { storedFileSchema } from '@lms/storage';
import { ASSESSMENT_METHODS, FORMABLE_TYPES, FORM_TYPES, type Form, type FormAnswer } from './form.entity';
import { answersRule, fieldAnswerSchema, fieldsRule, formFieldSchema, isCalendarDate } from './form-fields';

/** A form as its reader sees it: the row, where it is, and the reader's own state. */
export interface FormView extends Form {
  courseName: string;
  formableName: string;
  /** The caller (a student) wrote the entry of the current day or month; false for staff. */
  isAnswered: boolean;
  /** Entries: all of the form's for staff, the caller's own for a student. */
  answersCount: number;
  /** The caller teaches the course (or is an admin of its campus): edits and assesses. */
  canEdit: boolean;
}

export const formResource = defineResource({
  name: 'Form',
  type: 'forms',
  schema: {
    course_id: z.int(),
    course_name: z.string(),
    formable_type: z.enum(FORMABLE_TYPES),
    formable_id: z.int(),
    formable_name: z.string(),
    title: z.string(),
    type: z.enum(FORM_TYPES),
    date: z.string().nullable(),
    month: z.string().nullable(),
    start_at: z.date(),
    end_at: z.date(),
    is_file_required: z.boolean(),
    assesment_method: z.enum(ASSESSMENT_METHODS),
    rubric: rubricSchema.nullable(),
    lists: z.array(formFieldSchema),
    is_answered: z.boolean(),
    answers_count: z.int(),
    can_edit: z.boolean(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (form: FormView) => ({
    course_id: form.courseId,
    course_name: form.courseName,
    formable_type: form.formableType,
    formable_id: form.formableId,
    formable_name: form.formableName,
    title: form.title,
    type: form.type,
    date: form.date,
    month: form.month,
    start_at: form.startAt,
    end_at: form.endAt,
    is_file_required: form.isFileRequired,
    assesment_method: form.assessmentMethod,
    rubric: form.rubric,
    lists: form.lists,
    is_answered: form.isAnswered,
    answers_count: form.answersCount,
    can_edit: form.canEdit,
    created_at: form.createdAt,
    updated_at: form.updatedAt,
  }),
});

/** What a visitor reads of a form of a published course: what it is and when, not its questions. */
export const publicFormResource = defineResource({
  name: 'PublicForm',
  type: 'forms',
  schema: {
    course_id: z.int(),
    formable_type: z.enum(FORMABLE_TYPES),
    formable_id: z.int(),
    title: z.string(),
    type: z.enum(FORM_TYPES),
    date: z.string().nullable(),
    month: z.string().nullable(),
    start_at: z.date(),
    end_at: z.date(),
    is_file_required: z.boolean(),
    assesment_method: z.enum(ASSESSMENT_METHODS),
    fields_count: z.int(),
    updated_at: z.date(),
  },
  attributes: (form: Form) => ({
    course_id: form.courseId,
    formable_type: form.formableType,
    formable_id: form.formableId,
    title: form.title,
    type: form.type,
    date: form.date,
    month: form.month,
    start_at: form.startAt,
    end_at: form.endAt,
    is_file_required: form.isFileRequired,
    assesment_method: form.assessmentMethod,
    fields_count: form.lists.length,
    updated_at: form.updatedAt,
  }),
});

/** An entry as its reader sees it, with its student's name. */
export interface FormAnswerView extends FormAnswer {
  studentName: string;
  studentUsername: string;
  formType: Form['type'];
}

export const formAnswerResource = defineResource({
  name: 'FormAnswer',
  type: 'formanswers',
  schema: {
    form_id: z.int(),
    course_id: z.int(),
    student_id: z.int(),
    student_name: z.string(),
    student_username: z.string(),
    period: z.string(),
    date: z.string().nullable(),
    month: z.string().nullable(),
    lists: z.array(fieldAnswerSchema),
    files: z.array(storedFileSchema),
    rubrics: z.array(z.object({ criterion: z.int(), level: z.int(), point: z.number() })).nullable(),
    score: z.number().nullable(),
    feedback: z.string().nullable(),
    is_assessed: z.boolean(),
    assessed_by: z.int().nullable(),
    assessed_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (answer: FormAnswerView) => ({
    form_id: answer.formId,
    course_id: answer.courseId,
    student_id: answer.studentId,
    student_name: answer.studentName,
    student_username: answer.studentUsername,
    period: answer.period,
    date: answer.formType === 'daily' ? answer.period : null,
    month: answer.formType === 'monthly' ? answer.period : null,
    lists: answer.lists,
    files: answer.files,
    rubrics: answer.rubrics,
    score: answer.score,
    feedback: answer.feedback,
    is_assessed: answer.assessedAt !== null,
    assessed_by: answer.assessedBy,
    assessed_at: answer.assessedAt,
    created_at: answer.createdAt,
    updated_at: answer.updatedAt,
  }),
});

export const formQuery: QuerySpec = {
  filters: {
    id: { column: 'form.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'form.course_id', type: 'integer', ops: ['is', 'in'] },
    formable_type: { column: 'form.formable_type', type: 'string', ops: ['is', 'in'] },
    formable_id: { column: 'form.formable_id', type: 'integer', ops: ['is', 'in'] },
    type: { column: 'form.type', type: 'string', ops: ['is', 'in'] },
    assesment_method: { column: 'form.assesment_method', type: 'string', ops: ['is'] },
    title: { column: 'form.title', type: 'string', ops: ['is', 'like'] },
    start_at: { column: 'form.start_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
    end_at: { column: 'form.end_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
  },
  sorts: {
    id: 'form.id',
    title: 'form.title',
    start_at: 'form.start_at',
    end_at: 'form.end_at',
    created_at: 'form.created_at',
    updated_at: 'form.updated_at',
  },
  includes: [],
  defaultSort: '-updated_at',
};

/** `GET /public/forms`: by activity (`filter[activity_id]`), newest change first. */
export const publicFormQuery: QuerySpec = {
  filters: {
    activity_id: {
      column: `(CASE WHEN form.formable_type = 'activities' THEN form.formable_id END)`,
      type: 'integer',
      ops: ['is', 'in'],
    },
    module_id: {
      column: `(CASE WHEN form.formable_type = 'modules' THEN form.formable_id END)`,
      type: 'integer',
      ops: ['is', 'in'],
    },
    course_id: { column: 'form.course_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { updated_at: 'form.updated_at', start_at: 'form.start_at', title: 'form.title' },
  includes: [],
  defaultSort: '-updated_at',
};

export const formAnswerQuery: QuerySpec = {
  filters: {
    form_id: { column: 'answer.form_id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'answer.course_id', type: 'integer', ops: ['is', 'in'] },
    student_id: { column: 'answer.student_id', type: 'integer', ops: ['is', 'in'] },
    period: { column: 'answer.period', type: 'string', ops: ['is', 'in', 'gte', 'lte'] },
    assessed_at: { column: 'answer.assessed_at', type: 'date', ops: ['null'] },
  },
  sorts: {
    period: 'answer.period',
    created_at: 'answer.created_at',
    updated_at: 'answer.updated_at',
    score: 'answer.score',
    student_name: 'student.name',
  },
  includes: [],
  defaultSort: '-period',
};

const calendarDate = () =>
  field.string({ min: 10, max: 10 }).refine(isCalendarDate, { message: 'must be a date YYYY-MM-DD' });
const calendarMonth = () =>
  field
    .string({ min: 7, max: 7 })
    .refine((text) => isCalendarDate(`${text}-01`), { message: 'must be a month YYYY-MM' });

const formFields = {
  formable_type: field.enum(FORMABLE_TYPES),
  formable_id: field.id(),
  title: field.string({ min: 1, max: 255 }),
  type: field.enum(FORM_TYPES),
  date: calendarDate().nullable().optional(),
  month: calendarMonth().nullable().optional(),
  start_at: field.date(),
  end_at: field.date(),
  is_file_required: field.boolean().optional(),
  assesment_method: field.enum(ASSESSMENT_METHODS).optional(),
  rubric: rubricField().nullable().optional(),
  lists: fieldsRule(),
};

/** `POST /course/forms`. */
export const formCreateRules = attributes(formFields);

/** `PATCH /course/forms/{id}`: any of them. */
export const formUpdateRules = attributes({
  formable_type: formFields.formable_type.optional(),
  formable_id: formFields.formable_id.optional(),
  title: formFields.title.optional(),
  type: formFields.type.optional(),
  date: formFields.date,
  month: formFields.month,
  start_at: formFields.start_at.optional(),
  end_at: formFields.end_at.optional(),
  is_file_required: formFields.is_file_required,
  assesment_method: formFields.assesment_method,
  rubric: formFields.rubric,
  lists: formFields.lists.optional(),
});
export type FormUpdate = z.output<typeof formUpdateRules>;

/** `POST /course/formanswers` (JSON, or multipart with `lists` as a JSON field and `file` parts). */
export const formAnswerCreateRules = attributes({
  form_id: field.id(),
  lists: answersRule(),
});

/** Most files of one entry. */
export const MAX_ANSWER_FILES = 5;

/** `PATCH /course/formanswers/{id}`: the assessment (rubric levels for a rubric form) and feedback. */
export const formAnswerAssessRules = attributes({
  rubrics: field
    .array(
      field.object({
        criterion: field.integer({ min: 0 }),
        level: field.integer({ min: 0 }),
        point: field.number({ min: 0, max: 100 }).nullable().optional(),
      }),
      { max: 20 },
    )
    .optional(),
  feedback: field.string({ max: 5000 }).nullable().optional(),
});
