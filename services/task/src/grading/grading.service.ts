import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import { attributePointer, JsonApiException, unprocessable } from '@lms/jsonapi';
import type { RubricChoice } from '@lms/rubrics';
import { type GradedAnswer, GradingAccess, type GradedTask } from './grading-access';
import { type MemberScore, MemberScores } from './member-scores';
import { isPassed, parseScore, type RubricInput, rubricScore, type ScoringIssue } from './scoring';

/** `PUT /course/task/answers/score`: a number, or levels of the task's rubric. */
export interface ScoreInput {
  answer_id: number;
  score?: unknown;
  rubrics?: RubricInput[];
}

/** An answer as scored, with the score each student it counts for gets. */
export interface ScoredAnswer {
  task: GradedTask;
  answer: GradedAnswer;
  isPassed: boolean | null;
  /** A group answer's members with their member scores (empty for a personal answer). */
  members: MemberScore[];
}

export type ScoredReason = 'scored' | 'peer_assessed';

/** The problems of a scorer's input as one 422 (pointers under /data/attributes). */
export function scoringProblem(issues: ScoringIssue[]) {
  return unprocessable(
    issues.map((issue) => ({ pointer: attributePointer(issue.path), detail: issue.detail })),
  );
}

/**
 * Scores answers of tasks (docs/task-scoring.md): the course's staff give a personal or a group
 * answer a score 0–100, typed or from the task's rubric; `task.answer.scored` names every student
 * the answer counts for with their score, in the same transaction.
 */
@Injectable()
export class GradingService {
  constructor(
    private readonly unit: UnitOfWork,
    private readonly access: GradingAccess,
    private readonly members: MemberScores,
  ) {}

  /**
   * Scores a sent answer (a draft is the student's still: 409 `not_sent`). A task scored by
   * rubric takes `rubrics` (one level per criterion; the score is computed, a `score` sent along
   * is ignored); any other takes `score` ("" or none is 0).
   */
  async score(auth: AuthContext, input: ScoreInput): Promise<ScoredAnswer> {
    return this.unit.run(async (manager) => {
      const { task, answer } = await this.access.answer(auth, input.answer_id, manager, true);
      await this.access.assertStaff(auth, task, manager);
      let score: number;
      let rubrics: RubricChoice[] | null = null;
      if (task.assessmentMethod === 'rubric') {
        if (!task.rubric)
          throw scoringProblem([
            { path: ['rubrics'], detail: 'the task is scored by rubric but has no rubric yet' },
          ]);
        if (input.rubrics === undefined)
          throw scoringProblem([
            { path: ['rubrics'], detail: 'rubrics is required: the task is scored by its rubric' },
          ]);
        const result = rubricScore(task.rubric, input.rubrics);
        if (!result.ok) throw scoringProblem(result.issues);
        score = result.value.score;
        rubrics = result.value.choices;
      } else {
        if (input.rubrics !== undefined)
          throw scoringProblem([
            { path: ['rubrics'], detail: 'the task is scored by a number, not by rubric: send score' },
          ]);
        const result = parseScore(input.score);
        if (!result.ok) throw scoringProblem(result.issues);
        score = result.value;
      }
      if (!answer.isSent)
        throw new JsonApiException(HttpStatus.CONFLICT, [
          {
            status: '409',
            title: 'Conflict',
            code: 'not_sent',
            detail: 'The answer is a draft: it can be scored once it is sent',
          },
        ]);
      const [row]: Array<{ scored_at: Date }> = await manager.query(
        `UPDATE task_answers SET score = $2, rubrics = $3, scored_at = now(), scored_by = $4
          WHERE id = $1 RETURNING scored_at`,
        [answer.id, score, rubrics === null ? null : JSON.stringify(rubrics), auth.userId],
      );
      const scored: GradedAnswer = {
        ...answer,
        score,
        rubrics,
        scoredAt: row.scored_at,
        scoredBy: auth.userId,
      };
      return this.recordScored(manager, auth, task, scored, 'scored');
    });
  }

  /**
   * Records `task.answer.scored` again (reason `peer_assessed`) for the scored answers of a group
   * task — of the groups named, or all — once what their members' scores are made of changed (the
   * task's student/lecturer shares, a group's members), in the transaction of that change.
   */
  async recordMemberScoresChanged(
    manager: EntityManager,
    auth: AuthContext,
    taskId: number,
    groupIds?: readonly number[],
  ): Promise<void> {
    for (const { task, answer } of await this.access.scoredGroupAnswers(
      manager,
      auth.tenantId,
      taskId,
      groupIds,
    ))
      await this.recordScored(manager, auth, task, answer, 'peer_assessed');
  }

  /**
   * Records `task.answer.scored` for a scored answer (nothing for an unscored one): the student of
   * a personal answer with its score, or every member of the group with their member score.
   */
  async recordScored(
    manager: EntityManager,
    auth: AuthContext,
    task: GradedTask,
    answer: GradedAnswer,
    reason: ScoredReason,
  ): Promise<ScoredAnswer> {
    const members = await this.members.of(task, answer, manager);
    const passed = isPassed(answer.score, task.passingGrade);
    if (answer.score === null) return { task, answer, isPassed: passed, members };
    const students =
      answer.groupId === null
        ? [{ studentId: answer.studentId as number, score: answer.score, isPassed: passed as boolean }]
        : members.map((member) => ({
            studentId: member.studentId,
            score: member.score as number,
            isPassed: member.isPassed as boolean,
          }));
    await recordEvent(manager, 'task.answer.scored', {
      tenantId: task.tenantId,
      actorId: auth.userId,
      key: answer.id,
      data: {
        answerId: answer.id,
        taskId: task.id,
        courseId: task.courseId,
        groupId: answer.groupId,
        score: answer.score,
        passingGrade: task.passingGrade,
        students,
        reason,
      },
    });
    return { task, answer, isPassed: passed, members };
  }
}
