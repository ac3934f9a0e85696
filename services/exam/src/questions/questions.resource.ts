import { defineResource, toMany, z } from '@lms/jsonapi';
import type { AnswerOption } from './answer-option.entity';
import { problemsOf } from './questions.service';
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
    type: z.string(),
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
