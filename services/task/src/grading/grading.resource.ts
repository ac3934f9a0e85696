import { attributes, defineResource, field, type QuerySpec, z } from '@lms/jsonapi';
import type { ScoredAnswer } from './grading.service';
import type { Assessment } from './peer-assessment.service';
import type { TaskStatistic } from './statistics.service';

const rubricChoice = z.object({ criterion: z.number(), level: z.number(), point: z.number() });
const nullableNumber = z.number().nullable();

/** One rubric choice as scorers send it: criterion and level by index (from 0), a range level's typed point. */
const rubricInput = field.object({
  criterion: field.integer({ min: 0, max: 99 }),
  level: field.integer({ min: 0, max: 99 }),
  point: field.number({ min: 0, max: 100 }).nullable().optional(),
});

/** `PUT /course/task/answers/score`. */
export const scoreRules = attributes({
  answer_id: field.id(),
  /** A number or numeric string 0–100; "" or none is 0 (spec 02 §5). */
  score: z.union([z.number(), z.string()]).nullable().optional(),
  /** Tasks scored by rubric: one level per criterion. */
  rubrics: field.array(rubricInput, { max: 100 }).optional(),
});

/** `POST /course/task/answer/group/assesments`. */
export const assessmentRules = attributes({
  task_group_answer_id: field.id(),
  /** The member rated: another member of the caller's group. */
  student_id: field.id(),
  rubrics: field.array(rubricInput, { min: 1, max: 100 }),
});

/** An answer as scored (`PUT /course/task/answers/score`): its score and each student's. */
export const scoredAnswerResource = defineResource({
  name: 'TaskAnswerScore',
  type: 'task-answers',
  id: (scored: ScoredAnswer) => scored.answer.id,
  schema: {
    task_id: z.number(),
    student_id: nullableNumber,
    group_id: nullableNumber,
    is_sent: z.boolean(),
    is_late: z.boolean(),
    /** The answer's score: the group's for a group answer. */
    score: nullableNumber,
    /** The rubric levels chosen, each with the point it gave (tasks scored by rubric). */
    rubrics: z.array(rubricChoice).nullable(),
    scored_at: z.date().nullable(),
    scored_by: nullableNumber,
    is_passed: z.boolean().nullable(),
    /** A group answer's members and their member scores (empty for a personal answer). */
    members: z.array(
      z.object({
        id: z.number(),
        name: z.string().nullable(),
        username: z.string().nullable(),
        ratings: z.number(),
        peer_mean: nullableNumber,
        score: nullableNumber,
        is_passed: z.boolean().nullable(),
      }),
    ),
  },
  attributes: ({ task, answer, isPassed, members }) => ({
    task_id: task.id,
    student_id: answer.studentId,
    group_id: answer.groupId,
    is_sent: answer.isSent,
    is_late: answer.isLate,
    score: answer.score,
    rubrics: answer.rubrics,
    scored_at: answer.scoredAt,
    scored_by: answer.scoredBy,
    is_passed: isPassed,
    members: members.map((member) => ({
      id: member.studentId,
      name: member.name,
      username: member.username,
      ratings: member.ratings,
      peer_mean: member.peerMean,
      score: member.score,
      is_passed: member.isPassed,
    })),
  }),
});

/** A member's rating of another member of their group (spec 02 §3 "Group assessment"). */
export const groupAssessmentResource = defineResource({
  name: 'GroupAssessment',
  type: 'group-assessments',
  id: (assessment: Assessment) => assessment.id,
  schema: {
    task_group_answer_id: z.number(),
    task_id: z.number(),
    group_id: z.number(),
    /** The member rated. */
    student_id: z.number(),
    student_name: z.string().nullable(),
    /** The member who rated. */
    assessor_id: z.number(),
    rubrics: z.array(rubricChoice),
    /** The rating the levels give (0–100). */
    score: z.number(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (assessment) => ({
    task_group_answer_id: assessment.answerId,
    task_id: assessment.taskId,
    group_id: assessment.groupId,
    student_id: assessment.studentId,
    student_name: assessment.studentName,
    assessor_id: assessment.assessorId,
    rubrics: assessment.rubrics,
    score: assessment.score,
    created_at: assessment.createdAt,
    updated_at: assessment.updatedAt,
  }),
});

/** `filter[answer_id]` (required), `filter[student_id]`, `filter[assessor_id]`; page limit 0 = all. */
export const assessmentsQuery: QuerySpec = {
  filters: {
    answer_id: { column: 'ga.answer_id', type: 'integer', ops: ['is'] },
    student_id: { column: 'ga.student_id', type: 'integer', ops: ['is'] },
    assessor_id: { column: 'ga.assessor_id', type: 'integer', ops: ['is'] },
  },
  sorts: {},
};

/** A task's statistics (`GET /stats/task/{id}`). */
export const taskStatisticResource = defineResource({
  name: 'TaskStatistic',
  type: 'task-statistics',
  id: (statistic: TaskStatistic) => statistic.taskId,
  schema: {
    task_id: z.number(),
    tasks_type: z.enum(['PERSONAL', 'GROUP']),
    passing_grade: z.number(),
    /** Students the task is for (enrolled in its classes). */
    students: z.number(),
    /** Of them: whose answer (their group's for a group task) is sent, sent late, a draft, or none. */
    sent: z.number(),
    late: z.number(),
    draft: z.number(),
    not_started: z.number(),
    /** Students with a score (member scores for a group task), and over those scores: */
    scored: z.number(),
    average: nullableNumber,
    median: nullableNumber,
    min: nullableNumber,
    max: nullableNumber,
    /** Scores at or above the passing grade. */
    passed: z.number(),
    pass_rate: nullableNumber,
    /** Ten 10-point bins: [0,10), [10,20) … [90,100]. */
    histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
    /** Group tasks: groups, and those whose answer is sent. */
    groups: z.number().nullable(),
    groups_sent: z.number().nullable(),
  },
  attributes: (statistic) => {
    const { taskId, tasksType, passingGrade, notStarted, passRate, groupsSent, ...rest } = statistic;
    return {
      ...rest,
      task_id: taskId,
      tasks_type: tasksType,
      passing_grade: passingGrade,
      not_started: notStarted,
      pass_rate: passRate,
      groups_sent: groupsSent,
    };
  },
});
