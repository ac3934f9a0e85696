import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  attributePointer,
  conflict,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { SurveyConfig } from '../config';
import { DefinitionsService } from '../definitions/definitions.service';
import { SCALE_MAX, SCALE_MIN, type SurveyQuestion } from '../definitions/survey.entity';
import { type CourseSurvey, SurveyAnswer, SurveyRespondent } from './course-survey.entity';
import type { QuestionResult, Suggestion, SurveyResults } from './course-surveys.resource';
import type { ResponseInput } from './course-surveys.rules';
import { CourseSurveysService } from './course-surveys.service';

type AnswerValue = ResponseInput['answers'][number]['value'];
type AnswerColumns = Pick<SurveyAnswer, 'questionId' | 'scale' | 'choices' | 'text'>;

/**
 * Responses and their aggregate (issue 19). A student of the course answers an open course survey
 * once (`survey_respondents`' key; a second is a 409); the answers are stored without the student,
 * so the lecturer's results (mean, distribution, response rate per question) and suggestions (the
 * free-text answers) never say who answered what, and below `SURVEY_MIN_RESPONSES` responses they
 * show no breakdown at all.
 */
@Injectable()
export class ResponsesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: SurveyConfig,
    private readonly projections: Projections,
    private readonly courseSurveys: CourseSurveysService,
    private readonly definitions: DefinitionsService,
  ) {}

  /** A student's response to the open course survey of (survey, course): once. */
  async submit(auth: AuthContext, input: ResponseInput) {
    const courseSurvey = await this.courseSurveys.visible(auth, {
      surveyId: input.survey_id,
      courseId: input.course_id,
    });
    if ((await this.projections.roleIn(auth, input.course_id)) !== 'student')
      throw forbidden('Only the students of the course answer its survey');
    if (!courseSurvey.isOpen) throw conflict('The survey is closed', 'closed');
    const questions = await this.definitions.questions(auth.tenantId, Number(courseSurvey.surveyId));
    const answers = checkedAnswers(questions, input.answers);
    await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO survey_respondents (course_survey_id, user_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [courseSurvey.id, auth.userId],
      );
      if (inserted.length === 0) throw conflict('You have answered this survey already', 'already_answered');
      const submissionId = randomUUID();
      if (answers.length > 0)
        await manager.insert(
          SurveyAnswer,
          answers.map((answer) => ({
            id: randomUUID(),
            courseSurveyId: courseSurvey.id,
            submissionId,
            ...answer,
          })),
        );
    });
    return this.courseSurveys.get(auth, Number(courseSurvey.id));
  }

  /** The results of the course surveys the caller manages (`GET /v2/survey/lecturers`). */
  async lecturerResults(auth: AuthContext, query: ParsedQuery) {
    if (auth.role === 'student') throw forbidden('Only lecturers and administrators read survey results');
    const [rows, total] = await this.courseSurveys.list(auth, query, {}, { managed: true });
    return [await Promise.all(rows.map((row) => this.resultsOf(row.courseSurvey))), total] as const;
  }

  /** One question's aggregate in a course survey the caller manages. */
  async questionResult(auth: AuthContext, id: number, questionId: number): Promise<SurveyResults> {
    const courseSurvey = await this.courseSurveys.managed(auth, { id });
    const results = await this.resultsOf(courseSurvey);
    const question = results.questions.find((q) => q.id === questionId);
    if (!question) throw notFound('Question not found');
    return { ...results, questions: [question] };
  }

  /** The free-text answers of a course survey the caller manages, a page at a time (random order, stable). */
  async suggestions(auth: AuthContext, surveyId: number, courseId: number, size: number, page: number) {
    const courseSurvey = await this.courseSurveys.managed(auth, { surveyId, courseId });
    const responses = await this.responses(Number(courseSurvey.id));
    if (responses < this.config.minResponses)
      throw forbidden(
        `Suggestions are shown from ${this.config.minResponses} responses on (this survey has ${responses})`,
        'too_few_responses',
      );
    const rows: Array<{ id: string; question_id: string; question: string; text: string; total: number }> =
      await this.dataSource.query(
        `SELECT a.id, a.question_id, q.text AS question, a.text, count(*) OVER ()::int AS total
         FROM survey_answers a JOIN survey_questions q ON q.id = a.question_id
         WHERE a.course_survey_id = $1 AND a.text IS NOT NULL
         ORDER BY q.index, a.id LIMIT $2 OFFSET $3`,
        [courseSurvey.id, size, (page - 1) * size],
      );
    const total = rows[0]?.total ?? (await this.countSuggestions(Number(courseSurvey.id)));
    const suggestions: Suggestion[] = rows.map((row) => ({
      id: row.id,
      questionId: Number(row.question_id),
      question: row.question,
      text: row.text,
    }));
    return { suggestions, total, limit: size, offset: (page - 1) * size };
  }

  /** The aggregate of a course survey: counts always, the breakdown from the minimum of responses on. */
  async resultsOf(courseSurvey: CourseSurvey): Promise<SurveyResults> {
    const id = Number(courseSurvey.id);
    const questions = await this.definitions.questions(
      Number(courseSurvey.tenantId),
      Number(courseSurvey.surveyId),
    );
    const responses = await this.responses(id);
    const [{ students }] = await this.dataSource.query<Array<{ students: number }>>(
      `SELECT count(DISTINCT user_id)::int AS students FROM course_students
       WHERE course_id = $1 AND tenant_id = $2 AND enrolled`,
      [courseSurvey.courseId, courseSurvey.tenantId],
    );
    const base = { courseSurvey, responses, students, minimum: this.config.minResponses };
    if (responses < this.config.minResponses)
      return { ...base, questions: questions.map((q) => questionResult(q, null)) };
    const counts: Array<{ question_id: string; value: number | null; n: number }> =
      await this.dataSource.query(
        `SELECT question_id, NULL::int AS value, count(*)::int AS n FROM survey_answers
         WHERE course_survey_id = $1 GROUP BY question_id
       UNION ALL
       SELECT question_id, scale, count(*)::int FROM survey_answers
         WHERE course_survey_id = $1 AND scale IS NOT NULL GROUP BY question_id, scale
       UNION ALL
       SELECT a.question_id, c.value::int, count(*)::int
         FROM survey_answers a CROSS JOIN LATERAL jsonb_array_elements_text(a.choices) AS c(value)
         WHERE a.course_survey_id = $1 AND a.choices IS NOT NULL GROUP BY a.question_id, c.value`,
        [id],
      );
    return {
      ...base,
      questions: questions.map((q) =>
        questionResult(
          q,
          counts.filter((row) => Number(row.question_id) === Number(q.id)),
        ),
      ),
    };
  }

  private async responses(courseSurveyId: number) {
    return this.dataSource.getRepository(SurveyRespondent).countBy({ courseSurveyId });
  }

  private async countSuggestions(courseSurveyId: number) {
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM survey_answers WHERE course_survey_id = $1 AND text IS NOT NULL`,
      [courseSurveyId],
    );
    return total;
  }
}

/**
 * One question's aggregate from its counts (`value` null: how many answered it; else a scale value
 * or an option index and how often it was given); `counts` null: hidden (too few responses).
 */
function questionResult(
  question: SurveyQuestion,
  counts: Array<{ value: number | null; n: number }> | null,
): QuestionResult {
  const base = {
    id: Number(question.id),
    index: question.index,
    text: question.text,
    type: question.type,
    options: question.options,
  };
  if (!counts) return { ...base, answered: null, mean: null, distribution: null };
  const answered = counts.find((row) => row.value === null)?.n ?? 0;
  const given = (value: number) => counts.find((row) => row.value === value)?.n ?? 0;
  if (question.type === 'text') return { ...base, answered, mean: null, distribution: null };
  if (question.type === 'scale') {
    const distribution = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => SCALE_MIN + i).map(
      (value) => ({ value, label: String(value), count: given(value) }),
    );
    const sum = distribution.reduce((total, bar) => total + bar.value * bar.count, 0);
    const mean = answered > 0 ? Math.round((sum / answered) * 100) / 100 : null;
    return { ...base, answered, mean, distribution };
  }
  const distribution = question.options.map((label, value) => ({ value, label, count: given(value) }));
  return { ...base, answered, mean: null, distribution };
}

/**
 * The answers as stored, checked against the survey's questions: each known, once, of its type,
 * every required one given. A text answer left blank is no answer. 422 with every problem's pointer.
 */
function checkedAnswers(questions: SurveyQuestion[], answers: ResponseInput['answers']) {
  const issues: ValidationIssue[] = [];
  const byId = new Map(questions.map((question) => [Number(question.id), question]));
  const given = new Map<number, AnswerColumns>();
  answers.forEach((answer, index) => {
    const fail = (field: string, detail: string) =>
      issues.push({ pointer: attributePointer(['answers', index, field]), detail });
    const question = byId.get(answer.question_id);
    if (!question) return fail('question_id', 'is not a question of this survey');
    if (given.has(Number(question.id))) return fail('question_id', 'is answered twice');
    const columns = columnsOf(question, answer.value);
    if (typeof columns === 'string') return fail('value', columns);
    if (columns) given.set(Number(question.id), columns);
  });
  questions.forEach((question) => {
    if (question.required && !given.has(Number(question.id)))
      issues.push({
        pointer: attributePointer('answers'),
        detail: `question ${question.index + 1} ("${question.text}") is required`,
      });
  });
  if (issues.length > 0) throw unprocessable(issues);
  return [...given.values()];
}

/** The stored form of one answer, null for a blank text, or why the value does not fit the question. */
function columnsOf(question: SurveyQuestion, value: AnswerValue): AnswerColumns | null | string {
  const none = { questionId: Number(question.id), scale: null, choices: null, text: null };
  const isOption = (n: unknown) =>
    Number.isInteger(n) && (n as number) >= 0 && (n as number) < question.options.length;
  switch (question.type) {
    case 'scale':
      return Number.isInteger(value) && (value as number) >= SCALE_MIN && (value as number) <= SCALE_MAX
        ? { ...none, scale: value as number }
        : `must be a whole number from ${SCALE_MIN} to ${SCALE_MAX}`;
    case 'single':
      return isOption(value)
        ? { ...none, choices: [value as number] }
        : `must be an option's index (0 to ${question.options.length - 1})`;
    case 'multiple': {
      if (!Array.isArray(value) || !value.every(isOption))
        return `must be a list of option indexes (0 to ${question.options.length - 1})`;
      const chosen = [...new Set(value)].sort((a, b) => a - b);
      if (chosen.length !== value.length) return 'must not name an option twice';
      return chosen.length === 0 ? null : { ...none, choices: chosen };
    }
    case 'text': {
      if (typeof value !== 'string') return 'must be a text';
      const text = value.trim();
      return text === '' ? null : { ...none, text };
    }
  }
}
