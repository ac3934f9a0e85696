import { defineResource, type QuerySpec, toMany, z } from '@lms/jsonapi';
import { QUESTION_TYPES } from '../domain/question-rules';
import type { AnswerOption } from './answer-option.entity';
import { problemsOf, type QuestionPreview } from './questions.service';
import type { Question } from './question.entity';

export const answerResource = defineResource({
  name: 'Answer',
  type: 'answers',
  schema: {
    question_id: z.number(),
    index: z.number(),
    answer_index: z.number(),
    answer: z.string().nullable(),
    point: z.number(),
    exact_answer: z.string().nullable(),
    tolerance: z.number(),
    decimal_place: z.number(),
    formula: z.string().nullable(),
  },
  attributes: (option: AnswerOption) => ({
    question_id: Number(option.questionId),
    index: option.index,
    answer_index: option.index - 1,
    answer: option.answer,
    point: option.point,
    exact_answer: option.exactAnswer,
    tolerance: option.tolerance,
    decimal_place: option.decimalPlace,
    formula: option.formula,
  }),
});

export const questionResource = defineResource({
  name: 'Question',
  type: 'questions',
  schema: {
    exam_id: z.number().nullable(),
    course_id: z.number(),
    package: z.number(),
    index: z.number(),
    /** `questions_type` on the wire: one of the seven types (an enum in the API document). */
    type: z.enum(QUESTION_TYPES),
    question: z.string(),
    group: z.string(),
    weight: z.number(),
    solution: z.string().nullable(),
    data_set_id: z.number().nullable(),
    tags: z.array(z.string()),
    /** What it still lacks before a student can take it (empty when complete). */
    problems: z.array(z.string()),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (question: Question) => ({
    exam_id: question.examId === null ? null : Number(question.examId),
    course_id: Number(question.courseId),
    package: question.package,
    index: question.index,
    type: question.type,
    question: question.question,
    group: question.group,
    weight: question.weight,
    solution: question.solution,
    data_set_id: question.dataSetId === null ? null : Number(question.dataSetId),
    tags: (question.tags ?? []).map((tag) => tag.tag).sort(),
    problems: problemsOf(question),
    created_at: question.createdAt,
    updated_at: question.updatedAt,
  }),
  relationships: {
    answers: toMany(
      () => answerResource,
      (question: Question) => question.answers && [...question.answers].sort((a, b) => a.index - b.index),
    ),
  },
});

export const questionTagResource = defineResource({
  name: 'QuestionTag',
  type: 'question-tags',
  id: (entry: { tag: string }) => entry.tag,
  schema: { tag: z.string(), count: z.number() },
  attributes: (entry: { tag: string; count: number }) => ({ tag: entry.tag, count: entry.count }),
});

/** `GET /exam/questions`: an exam's (or a bank's) questions. */
export const questionQuery: QuerySpec = {
  filters: {
    exam_id: { column: 'question.exam_id', type: 'integer', ops: ['is'] },
    course_id: { column: 'question.course_id', type: 'integer', ops: ['is'] },
    package: { column: 'question.package', type: 'integer', ops: ['is', 'in'], int32: true },
    questions_type: { column: 'question.questions_type', type: 'string', ops: ['is', 'in'] },
  },
  sorts: { index: 'question.index', package: 'question.package', id: 'question.id' },
  includes: ['answers'],
  defaultSort: 'package,index',
  defaultLimit: 10,
  maxLimit: 1000,
};

export const bankQuery: QuerySpec = {
  filters: { tags: { column: 'tag.tag', type: 'string', ops: ['is', 'in'] } },
  sorts: {},
  includes: ['answers'],
  defaultLimit: 10,
  maxLimit: 1000,
};

/** A question filled from one dataset item, each formula computed: the editor's live preview. */
export const questionPreviewResource = defineResource({
  name: 'QuestionPreview',
  type: 'question-previews',
  id: (preview: QuestionPreview) => preview.id,
  schema: {
    item: z.number().nullable(),
    values: z.record(z.string(), z.number()),
    question: z.string(),
    answers: z.array(
      z.object({ id: z.number(), answer: z.string().nullable(), value: z.number().nullable() }),
    ),
  },
  attributes: (preview: QuestionPreview) => ({
    item: preview.item,
    values: preview.values,
    question: preview.question,
    answers: preview.answers.map((answer) => ({ ...answer, id: Number(answer.id) })),
  }),
});
