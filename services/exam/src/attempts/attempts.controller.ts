import { Controller, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  badRequest,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { examResource } from '../exams/exams.resource';
import { AnswerSaver } from './answer-saver';
import { MonitorFeed } from './monitor-feed';
import {
  attemptProgressResource,
  examOverrideResource,
  MONITOR_META,
  studentAnswerResource,
  studentExamQuery,
  studentExamResource,
  studentQuestionQuery,
  studentQuestionResource,
  TAKE_META,
} from './attempts.resource';
import {
  attemptActionRules,
  attemptOverrideRules,
  examOverrideRules,
  indexRules,
  saveRules,
  stopRules,
} from './attempts.rules';
import { AttemptsService } from './attempts.service';

/** The id of `filter[name]` (required). */
function filterId(query: ParsedQuery, name: string): number {
  const filter = query.filters.find((candidate) => candidate.field === name);
  if (!filter || typeof filter.value !== 'number')
    throw badRequest(`filter[${name}] is required`, `filter[${name}]`);
  return filter.value;
}

/** Taking an exam (spec 02 §7 "Taking and grading"): the student's calls and their staff's. */
@Controller('api')
export class AttemptsController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly saver: AnswerSaver,
    private readonly feed: MonitorFeed,
  ) {}

  /**
   * The lobby: the exam with the student's latest attempt, retries left, whether they may start
   * and why not (`reasons`: `{code, detail}`), and the server's time. Changes nothing.
   */
  @Get('exam/exams/:id/take')
  @Responds(examResource, { meta: TAKE_META })
  async take(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Req() request: FastifyRequest,
  ) {
    const lobby = await this.attempts.lobby(auth, id, request);
    const { exam } = lobby.content;
    return respond(
      examResource,
      Object.assign(Object.create(Object.getPrototypeOf(exam)), exam, { viewerAuthors: false }),
      {
        meta: {
          attempt: lobby.attempt && respond(studentExamResource, lobby.attempt),
          retries_left: lobby.retriesLeft,
          can_start: lobby.reasons.length === 0,
          reasons: lobby.reasons,
          needs_token: lobby.needsToken,
          token_validated: lobby.tokenValidated,
          is_safe: exam.isSafe,
          server_time: new Date().toISOString(),
        },
      },
    );
  }

  /**
   * Starts the student's next attempt or resumes the running one, with its questions
   * (`include=studentquestions` is always answered). One attempt however many calls race.
   * An unpublished exam is a 404 for students.
   * Refusals: 403 with `code` `not_open_yet`, `closed`, `not_in_class`,
   * `no_retries_left`, `no_questions`, and those of the access checks (`token_required`,
   * `token_expired`, `token_used`, `ip_not_allowed`, `safe_exam_browser_required`).
   */
  @Get('exam/exams/:id/generate')
  @Responds(studentExamResource)
  async generate(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Req() request: FastifyRequest,
  ) {
    const attempt = await this.attempts.generate(auth, id, request);
    this.feed.touched([attempt.id]); // a start (or a resume) is on the monitor
    return respond(studentExamResource, attempt, { include: ['studentquestions'] });
  }

  /** Finishes the caller's running attempt at the exam. */
  @Get('exam/exams/:id/finish')
  @Responds(studentExamResource)
  async finishRunning(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(studentExamResource, await this.attempts.finishRunning(auth, id));
  }

  /** A student's own window of the exam (staff): `{student_id, override_start_at, override_end_at}`. */
  @Patch('exam/exams/:id/override')
  @Responds(examOverrideResource)
  async overrideStudent(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(examOverrideRules) input: AttributesOf<typeof examOverrideRules>,
  ) {
    return respond(examOverrideResource, await this.attempts.overrideStudent(auth, id, input));
  }

  /** The live monitor (staff): one row per attempt from the progress projection, and counts. */
  @Get('exam/exams/:id/monitor')
  @Responds(attemptProgressResource, { list: true, meta: MONITOR_META })
  async monitor(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const { progress, counts } = await this.attempts.monitor(auth, id);
    return respond(attemptProgressResource, progress, { meta: counts });
  }

  /** `filter[student_exam_id]`: the attempt's questions in the student's order. */
  @Get('exam/studentquestions')
  @Responds(studentQuestionResource, { list: true })
  async questions(@CurrentAuth() auth: AuthContext, @JsonApiQuery(studentQuestionQuery) query: ParsedQuery) {
    return respond(
      studentQuestionResource,
      await this.attempts.questions(auth, filterId(query, 'student_exam_id')),
    );
  }

  @Get('exam/studentquestions/:id')
  @Responds(studentQuestionResource)
  async question(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(studentQuestionResource, await this.attempts.question(auth, id));
  }

  /**
   * Saves an answer `{answer, seq}` (and/or `flagged`): the highest `seq` of the question wins; a
   * lower one is answered with the stored, higher `seq`. Answered after COMMIT only.
   */
  @Patch('exam/studentquestions/:id')
  @Responds(studentAnswerResource)
  async save(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(saveRules) input: AttributesOf<typeof saveRules>,
  ) {
    return respond(studentAnswerResource, await this.saver.save(auth, id, input));
  }

  /** `filter[exam_id]`: the caller's attempts at the exam (staff: every student's, with names). */
  @Get('exam/studentexams')
  @Responds(studentExamResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(studentExamQuery) query: ParsedQuery) {
    return respond(studentExamResource, await this.attempts.attempts(auth, filterId(query, 'exam_id')));
  }

  /** Stops attempts now (staff): `{student_exam_ids}`. */
  @Put('exam/studentexams/stop')
  @Responds(studentExamResource, { list: true })
  async stop(@CurrentAuth() auth: AuthContext, @Attributes(stopRules) input: AttributesOf<typeof stopRules>) {
    return respond(studentExamResource, await this.attempts.stop(auth, input.student_exam_ids));
  }

  @Get('exam/studentexams/:id')
  @Responds(studentExamResource)
  async attempt(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(studentExamResource, await this.attempts.attempt(auth, id));
  }

  /** Staff act on an attempt: `{action: "reset"}` opens it again (spec 02 §4). */
  @Patch('exam/studentexams/:id')
  @Responds(studentExamResource)
  async act(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(attemptActionRules) input: AttributesOf<typeof attemptActionRules>,
  ) {
    void input.action; // reset is the only action
    return respond(studentExamResource, await this.attempts.reset(auth, id));
  }

  /** The question the student is on; back to an earlier one only when the exam allows it (403 `no_back`). */
  @Patch('exam/studentexams/:id/indexes')
  @Responds(studentExamResource)
  async index(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(indexRules) input: AttributesOf<typeof indexRules>,
  ) {
    return respond(studentExamResource, await this.attempts.setIndex(auth, id, input.current_index));
  }

  /** The attempt's own window (staff); a running attempt's deadline follows it. */
  @Patch('exam/studentexams/:id/override')
  @Responds(studentExamResource)
  async overrideAttempt(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(attemptOverrideRules) input: AttributesOf<typeof attemptOverrideRules>,
  ) {
    return respond(studentExamResource, await this.attempts.overrideAttempt(auth, id, input));
  }

  /** The student finishes their attempt (finishing again changes nothing). */
  @Post('v2/exam/finish/:id')
  @HttpCode(200)
  @Responds(studentExamResource)
  async finish(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(studentExamResource, await this.attempts.finishOwn(auth, id));
  }
}
