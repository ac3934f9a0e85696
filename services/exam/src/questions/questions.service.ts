import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import { sanitizeRichText } from '@lms/richtext';
import {
  applyQuery,
  attributePointer,
  badRequest,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { computeAnswer, fillPlaceholders } from '../domain/dataset';
import { FormulaError, parseFormula } from '../domain/formula';
import {
  defaultOptions,
  isCorrect,
  PARAMETERIZED_TYPES,
  questionIssues,
  QUESTION_GROUP,
  readinessIssues,
  SINGLE_ANSWER_TYPES,
  type DatasetContext,
  type OptionDraft,
  type QuestionDraft,
  type QuestionType,
} from '../domain/question-rules';
import { DataSet, DataSetDetail, DataSetItem } from '../datasets/data-set.entity';
import type { ImportedQuestion } from '../imports/imported-question';
import { AnswerOption } from './answer-option.entity';
import { QuestionAccess, type QuestionScope } from './question-access';
import { QuestionTag } from './question-tag.entity';
import { Question } from './question.entity';
import type {
  AnswerCreate,
  AnswerUpdate,
  QuestionCopy,
  QuestionCreate,
  QuestionUpdate,
} from './questions.rules';

/** Rich text as stored (question, option, solution): sanitized, so any reader may show it. */
const clean = (html: string) => sanitizeRichText(html);
const cleanOrNull = (html: string | null | undefined) =>
  html === null || html === undefined ? null : clean(html);

/** A question as read with one dataset item (`GET /exam/questions/:id/preview`). */
export interface QuestionPreview {
  id: number;
  item: number | null;
  values: Record<string, number>;
  question: string;
  answers: Array<{ id: number; answer: string | null; value: number | null }>;
}

export type QuestionChange = 'created' | 'updated' | 'deleted' | 'sorted' | 'imported' | 'copied';

const optionDraft = (option: AnswerOption): OptionDraft => ({
  answer: option.answer,
  point: option.point,
  exact_answer: option.exactAnswer,
  tolerance: option.tolerance,
  decimal_place: option.decimalPlace,
  formula: option.formula,
});

/** The question as the rules read it (options in index order). */
export function draftOf(question: Question, options: readonly AnswerOption[]): QuestionDraft {
  return {
    questions_type: question.type,
    question: question.question,
    weight: question.weight,
    data_set_id: question.dataSetId,
    answers: [...options].sort((a, b) => a.index - b.index).map(optionDraft),
  };
}

/** What a question still lacks before a student can take it, as sentences (`problems`). */
export function problemsOf(question: Question): string[] {
  return readinessIssues(draftOf(question, question.answers ?? [])).map((issue) => issue.detail);
}

/**
 * Questions and their answer options: written by those who may author the exam (or the course,
 * for its bank), numbered from 1 in their package (a new one last, a moved or deleted one
 * renumbering the rest), checked by the seven types' rules; each change recorded as
 * `exam.question.changed` in the same transaction.
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly access: QuestionAccess,
  ) {}

  /** A question with its options and tags, if the caller may author it (404 otherwise). */
  async get(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Question> {
    const question = await manager.findOne(Question, {
      where: { id, tenantId: auth.tenantId },
      relations: { answers: true, tags: true },
      order: { answers: { index: 'ASC' } },
    });
    if (!question) throw notFound('Question not found');
    await this.access.scopeOf(auth, question, manager);
    return question;
  }

  /**
   * `GET /exam/questions`: an exam's questions (`filter[exam_id]`) or a course's bank
   * (`filter[course_id]` without exam), with the query's filters, sort and page.
   */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[Question[], number]> {
    const examFilter = query.filters.find((filter) => filter.field === 'exam_id');
    const courseFilter = query.filters.find((filter) => filter.field === 'course_id');
    const qb = this.dataSource
      .getRepository(Question)
      .createQueryBuilder('question')
      .where('question.tenant_id = :tenantId', { tenantId: auth.tenantId });
    if (examFilter) await this.access.exam(auth, Number(examFilter.value));
    else if (courseFilter) {
      await this.access.course(auth, Number(courseFilter.value));
      qb.andWhere('question.exam_id IS NULL');
    } else
      throw badRequest(
        'filter[exam_id] (an exam’s questions) or filter[course_id] (a course’s bank) is required',
        'filter',
      );
    const [page, total] = await applyQuery(qb, query).getManyAndCount();
    const ids = page.map((question) => question.id);
    if (!ids.length) return [[], total];
    const loaded = await this.dataSource.manager.find(Question, {
      where: { id: In(ids) },
      relations: { answers: true, tags: true },
      order: { answers: { index: 'ASC' } },
    });
    const byId = new Map(loaded.map((question) => [question.id, question]));
    return [ids.map((id) => byId.get(id) as Question), total];
  }

  /** Refuses (403/404) a caller who may not author the exam. */
  async checkExam(auth: AuthContext, examId: number): Promise<void> {
    await this.access.exam(auth, examId);
  }

  /** Refuses (403/404) a caller who may not author the course's bank. */
  async checkCourse(auth: AuthContext, courseId: number): Promise<void> {
    await this.access.course(auth, courseId);
  }

  /** The questions of an exam (one package or all), in package and index order. */
  async listOfExam(auth: AuthContext, examId: number, pack?: number): Promise<Question[]> {
    await this.access.exam(auth, examId);
    return this.dataSource.manager.find(Question, {
      where: { tenantId: auth.tenantId, examId, ...(pack === undefined ? {} : { package: pack }) },
      relations: { answers: true, tags: true },
      order: { package: 'ASC', index: 'ASC', answers: { index: 'ASC' } },
    });
  }

  /** The course's question bank, optionally only questions with one of `tags`. */
  async bank(
    auth: AuthContext,
    courseId: number,
    options: { tags?: string[]; limit: number; offset: number },
  ): Promise<[Question[], number]> {
    await this.access.course(auth, courseId);
    const qb = this.dataSource
      .getRepository(Question)
      .createQueryBuilder('question')
      .where(
        'question.tenant_id = :tenantId AND question.course_id = :courseId AND question.exam_id IS NULL',
        {
          tenantId: auth.tenantId,
          courseId,
        },
      );
    if (options.tags?.length)
      qb.andWhere(
        'EXISTS (SELECT 1 FROM question_tags t WHERE t.question_id = question.id AND t.tag = ANY(:tags))',
        { tags: options.tags },
      );
    const [page, total] = await qb
      .orderBy('question.index', 'ASC')
      .addOrderBy('question.id', 'ASC')
      .take(options.limit)
      .skip(options.offset)
      .getManyAndCount();
    const ids = page.map((question) => question.id);
    if (!ids.length) return [[], total];
    const loaded = await this.dataSource.manager.find(Question, {
      where: { id: In(ids) },
      relations: { answers: true, tags: true },
      order: { answers: { index: 'ASC' } },
    });
    const byId = new Map(loaded.map((question) => [question.id, question]));
    return [ids.map((id) => byId.get(id) as Question), total];
  }

  /** The tags used in the courses the caller teaches (or in one course), with how often. */
  async tags(auth: AuthContext, courseId?: number): Promise<Array<{ tag: string; count: number }>> {
    const courses =
      courseId === undefined
        ? await this.access.coursesTaught(auth)
        : [(await this.access.course(auth, courseId)).courseId];
    if (!courses.length) return [];
    const rows: Array<{ tag: string; count: string }> = await this.dataSource.query(
      `SELECT t.tag, count(*) AS count FROM question_tags t JOIN questions q ON q.id = t.question_id
       WHERE q.tenant_id = $1 AND q.course_id = ANY($2::bigint[]) GROUP BY t.tag ORDER BY t.tag`,
      [auth.tenantId, courses],
    );
    return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
  }

  async create(auth: AuthContext, input: QuestionCreate): Promise<Question> {
    const id = await this.unit.run(async (manager) => {
      const scope = await this.targetScope(auth, input.exam_id ?? null, input.course_id, manager);
      const type: QuestionType = input.questions_type ?? input.type ?? 'multiple_choices';
      const pack = scope.examId === null ? 1 : (input.package ?? 1);
      this.access.checkPackage(scope, pack);
      const options: OptionDraft[] = input.answers
        ? input.answers.map((option) => ({
            answer: cleanOrNull(option.answer),
            point: option.point ?? 0,
            exact_answer: option.exact_answer ?? null,
            tolerance: option.tolerance ?? 0,
            decimal_place: option.decimal_place ?? 0,
            formula: option.formula ?? null,
          }))
        : defaultOptions(type);
      const draft: QuestionDraft = {
        questions_type: type,
        question: clean(input.question ?? ''),
        weight: input.weight ?? 1,
        data_set_id: input.data_set_id ?? null,
        answers: options,
      };
      const dataset = await this.datasetContext(auth, scope, draft.data_set_id, manager, 'data_set_id');
      this.refuse(questionIssues(draft, dataset?.context));
      await this.checkFormulasOnItems(draft, dataset, (n) => `answers/${n}/formula`, manager);
      const question = await this.insert(
        auth,
        scope,
        pack,
        { ...draft, solution: cleanOrNull(input.solution), tags: input.tags ?? [] },
        manager,
      );
      await this.changed(auth, scope, [question.id], 'created', manager);
      return question.id;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: QuestionUpdate): Promise<Question> {
    await this.unit.run(async (manager) => {
      const question = await this.locked(auth, id, manager);
      const scope = await this.access.scopeOf(auth, question, manager);
      const options = await manager.find(AnswerOption, {
        where: { questionId: id },
        order: { index: 'ASC' },
      });
      const type = input.questions_type ?? input.type ?? question.type;
      let drafts = options.map(optionDraft);
      const typeChanged = type !== question.type;
      if (typeChanged) drafts = defaultOptions(type);
      const draft: QuestionDraft = {
        questions_type: type,
        question: input.question === undefined ? question.question : clean(input.question),
        weight: input.weight ?? question.weight,
        data_set_id: input.data_set_id !== undefined ? input.data_set_id : question.dataSetId,
        answers: drafts,
      };
      if (typeChanged && !PARAMETERIZED_TYPES.includes(type)) draft.data_set_id = input.data_set_id ?? null;
      const dataset = await this.datasetContext(auth, scope, draft.data_set_id, manager, 'data_set_id');
      this.refuse(questionIssues(draft, dataset?.context));
      await this.checkFormulasOnItems(draft, dataset, () => 'data_set_id', manager);

      let action: QuestionChange = 'updated';
      if (input.package !== undefined && input.package !== question.package) {
        if (question.examId === null)
          this.refuse([{ path: 'package', detail: 'a question of the bank has no package' }]);
        this.access.checkPackage(scope, input.package);
        await this.lockPackage(question.examId, question.package, manager);
        await this.lockPackage(question.examId, input.package, manager);
        await this.closeGap(question, manager);
        question.index =
          (await this.highestIndex(
            question.tenantId,
            question.examId,
            question.courseId,
            input.package,
            manager,
          )) + 1;
        question.package = input.package;
        action = 'sorted';
      } else if (input.index !== undefined && input.index !== question.index) {
        await this.lockPackage(question.examId, question.package, manager);
        await this.move(question, input.index, manager);
        action = 'sorted';
      }
      question.type = type;
      question.question = draft.question;
      question.weight = draft.weight;
      question.dataSetId = draft.data_set_id;
      if (input.solution !== undefined) question.solution = cleanOrNull(input.solution);
      await manager.update(
        Question,
        { id },
        {
          type: question.type,
          question: question.question,
          weight: question.weight,
          dataSetId: question.dataSetId,
          solution: question.solution,
          package: question.package,
          index: question.index,
        },
      );
      if (typeChanged) {
        await manager.delete(AnswerOption, { questionId: id });
        await this.insertOptions(id, drafts, manager);
      }
      if (input.tags) await this.setTags(question, input.tags, manager);
      await this.changed(auth, scope, [id], action, manager);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.unit.run(async (manager) => {
      const question = await this.locked(auth, id, manager);
      const scope = await this.access.scopeOf(auth, question, manager);
      await this.lockPackage(question.examId, question.package, manager);
      await manager.delete(Question, { id });
      await this.closeGap(question, manager);
      await this.changed(auth, scope, [id], 'deleted', manager);
    });
  }

  /**
   * The question as a student of an item of its dataset would read it: `{placeholders}` filled,
   * each formula computed (rounded to its option's decimals). Item `item` (1-based) of the
   * dataset, the first unless given; a question without a dataset is shown as it is.
   */
  async preview(auth: AuthContext, id: number, item?: number): Promise<QuestionPreview> {
    const question = await this.get(auth, id);
    const options = [...(question.answers ?? [])].sort((a, b) => a.index - b.index);
    if (question.dataSetId === null)
      return {
        id: question.id,
        item: null,
        values: {},
        question: question.question,
        answers: options.map((o) => ({ id: o.id, answer: o.answer, value: null })),
      };
    const items = await this.dataSource.manager.find(DataSetItem, {
      where: { dataSetId: question.dataSetId },
      order: { index: 'ASC' },
    });
    if (!items.length)
      throw unprocessable([
        {
          pointer: attributePointer('data_set_id'),
          detail: 'the dataset has no items yet: generate them first',
        },
      ]);
    const chosen = item === undefined ? items[0] : items.find((candidate) => candidate.index === item);
    if (!chosen) throw notFound(`The dataset has no item ${item}`);
    const values = chosen.values;
    return {
      id: question.id,
      item: chosen.index,
      values,
      question: fillPlaceholders(question.question, values),
      answers: options.map((option) => {
        let value: number | null = null;
        if (option.formula?.trim()) {
          try {
            value = computeAnswer(option.formula, values, option.decimalPlace);
          } catch (error) {
            if (!(error instanceof FormulaError)) throw error;
          }
        }
        const text = option.answer === null ? null : fillPlaceholders(option.answer, values);
        return { id: option.id, answer: text, value };
      }),
    };
  }

  // ---- answer options ---------------------------------------------------------------------

  async createAnswer(auth: AuthContext, input: AnswerCreate): Promise<AnswerOption> {
    const optionId = await this.unit.run(async (manager) => {
      const question = await this.locked(auth, input.question_id, manager, 'question_id');
      const scope = await this.access.scopeOf(auth, question, manager);
      const options = await manager.find(AnswerOption, {
        where: { questionId: question.id },
        order: { index: 'ASC' },
      });
      const draft: OptionDraft = {
        answer: cleanOrNull(input.answer),
        point: input.point ?? 0,
        exact_answer: input.exact_answer ?? null,
        tolerance: input.tolerance ?? 0,
        decimal_place: input.decimal_place ?? 0,
        formula: input.formula ?? null,
      };
      const others = this.unmarkOthers(question.type, options, draft, manager);
      const drafts = [...others.map(optionDraft), draft];
      await this.checkOptions(auth, scope, question, drafts, drafts.length - 1, manager);
      await others.save();
      const [option] = await this.insertOptions(question.id, [draft], manager, options.length);
      await this.changed(auth, scope, [question.id], 'updated', manager);
      return option.id;
    });
    return this.answer(auth, optionId);
  }

  async updateAnswer(auth: AuthContext, id: number, input: AnswerUpdate): Promise<AnswerOption> {
    await this.unit.run(async (manager) => {
      const option = await manager.findOneBy(AnswerOption, { id });
      if (!option) throw notFound('Answer not found');
      const question = await this.locked(auth, option.questionId, manager);
      const scope = await this.access.scopeOf(auth, question, manager);
      const options = await manager.find(AnswerOption, {
        where: { questionId: question.id },
        order: { index: 'ASC' },
      });
      const current = options.find((candidate) => candidate.id === id) as AnswerOption;
      const draft: OptionDraft = {
        answer: input.answer !== undefined ? cleanOrNull(input.answer) : current.answer,
        point: input.point ?? current.point,
        exact_answer: input.exact_answer !== undefined ? input.exact_answer : current.exactAnswer,
        tolerance: input.tolerance ?? current.tolerance,
        decimal_place: input.decimal_place ?? current.decimalPlace,
        formula: input.formula !== undefined ? input.formula : current.formula,
      };
      const rest = options.filter((candidate) => candidate.id !== id);
      const others = this.unmarkOthers(question.type, rest, draft, manager);
      const position = options.indexOf(current);
      // the other options as unmarkOthers left them (it changes them in place)
      const drafts = options.map((candidate) => (candidate.id === id ? draft : optionDraft(candidate)));
      await this.checkOptions(auth, scope, question, drafts, position, manager);
      await others.save();
      await manager.update(
        AnswerOption,
        { id },
        {
          answer: draft.answer,
          point: draft.point,
          exactAnswer: draft.exact_answer,
          tolerance: draft.tolerance,
          decimalPlace: draft.decimal_place,
          formula: draft.formula,
        },
      );
      if (input.index !== undefined && input.index !== current.index) {
        const order = rest.map((candidate) => candidate.id);
        order.splice(Math.min(input.index, options.length) - 1, 0, id);
        await this.renumberOptions(order, manager);
      }
      await this.changed(auth, scope, [question.id], 'updated', manager);
    });
    return this.answer(auth, id);
  }

  async removeAnswer(auth: AuthContext, id: number): Promise<void> {
    await this.unit.run(async (manager) => {
      const option = await manager.findOneBy(AnswerOption, { id });
      if (!option) throw notFound('Answer not found');
      const question = await this.locked(auth, option.questionId, manager);
      const scope = await this.access.scopeOf(auth, question, manager);
      await manager.delete(AnswerOption, { id });
      const rest = await manager.find(AnswerOption, {
        where: { questionId: question.id },
        order: { index: 'ASC' },
      });
      await this.renumberOptions(
        rest.map((candidate) => candidate.id),
        manager,
      );
      await this.changed(auth, scope, [question.id], 'updated', manager);
    });
  }

  async answer(auth: AuthContext, id: number): Promise<AnswerOption> {
    const option = await this.dataSource.manager.findOneBy(AnswerOption, { id });
    if (!option) throw notFound('Answer not found');
    await this.get(auth, option.questionId);
    return option;
  }

  // ---- whole questions: imports and copies --------------------------------------------------

  /**
   * Adds whole questions (an import) at the end of the package, or of the course's bank, in one
   * transaction: all of them or none.
   */
  async addAll(
    auth: AuthContext,
    target: { examId: number | null; courseId?: number; package?: number },
    questions: readonly ImportedQuestion[],
    action: QuestionChange = 'imported',
  ): Promise<Question[]> {
    const ids = await this.unit.run(async (manager) => {
      const scope = await this.targetScope(auth, target.examId, target.courseId, manager);
      const pack = scope.examId === null ? 1 : (target.package ?? 1);
      this.access.checkPackage(scope, pack);
      const added: number[] = [];
      for (const question of questions)
        added.push((await this.insert(auth, scope, pack, question, manager)).id);
      await this.changed(auth, scope, added, action, manager);
      return added;
    });
    return this.dataSource.manager.find(Question, {
      where: { id: In(ids) },
      relations: { answers: true, tags: true },
      order: { index: 'ASC', answers: { index: 'ASC' } },
    });
  }

  /** Copies questions of the course's bank or of exams the caller authors into a package. */
  async copy(auth: AuthContext, examId: number, input: QuestionCopy): Promise<Question[]> {
    const sources = await this.dataSource.manager.find(Question, {
      where: { id: In(input.questions), tenantId: auth.tenantId },
      relations: { answers: true, tags: true },
      order: { answers: { index: 'ASC' } },
    });
    const found = new Set(sources.map((question) => question.id));
    const missing = input.questions.filter((id) => !found.has(id));
    if (missing.length)
      throw unprocessable([
        { pointer: attributePointer('questions'), detail: `questions ${missing.join(', ')} were not found` },
      ]);
    const target = await this.access.exam(auth, examId);
    for (const source of sources) {
      const scope = await this.access.scopeOf(auth, source);
      if (source.dataSetId !== null && scope.courseId !== target.courseId)
        throw unprocessable([
          {
            pointer: attributePointer('questions'),
            detail: `question ${source.id} uses a dataset of another course: copy it within its course`,
          },
        ]);
    }
    const byId = new Map(sources.map((question) => [question.id, question]));
    const copies: ImportedQuestion[] = input.questions.map((id) => {
      const source = byId.get(id) as Question;
      return {
        ...draftOf(source, source.answers ?? []),
        solution: source.solution,
        tags: (source.tags ?? []).map((tag) => tag.tag),
      };
    });
    return this.addAll(auth, { examId, package: input.package }, copies, 'copied');
  }

  // ---- helpers --------------------------------------------------------------------------------

  private async targetScope(
    auth: AuthContext,
    examId: number | null,
    courseId: number | undefined,
    manager: EntityManager,
  ): Promise<QuestionScope> {
    if (examId !== null) return this.access.exam(auth, examId, manager);
    if (courseId === undefined)
      throw unprocessable([
        {
          pointer: attributePointer('exam_id'),
          detail: 'exam_id (or course_id, for the question bank) is required',
        },
      ]);
    return this.access.course(auth, courseId, manager);
  }

  private refuse(issues: ReadonlyArray<{ path: string; detail: string }>): void {
    if (!issues.length) return;
    const validation: ValidationIssue[] = issues.map((issue) => ({
      pointer: attributePointer(issue.path.split('/')),
      detail: issue.detail,
    }));
    throw unprocessable(validation);
  }

  private async locked(
    auth: AuthContext,
    id: number,
    manager: EntityManager,
    field?: string,
  ): Promise<Question> {
    const question = await manager.findOne(Question, {
      where: { id, tenantId: auth.tenantId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!question) {
      if (field)
        throw unprocessable([{ pointer: attributePointer(field), detail: `question ${id} was not found` }]);
      throw notFound('Question not found');
    }
    return question;
  }

  /** Serializes writes to one package's numbering (or one course's bank). */
  private async lockPackage(examId: number | null, pack: number, manager: EntityManager, courseId?: number) {
    const key = examId === null ? `bank:${courseId ?? 0}` : `exam:${examId}:${pack}`;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`questions:${key}`]);
  }

  private async highestIndex(
    tenantId: number,
    examId: number | null,
    courseId: number,
    pack: number,
    manager: EntityManager,
  ) {
    const [row]: Array<{ max: number | null }> = await manager.query(
      examId === null
        ? `SELECT max(index) AS max FROM questions WHERE tenant_id = $1 AND course_id = $2 AND exam_id IS NULL`
        : `SELECT max(index) AS max FROM questions WHERE tenant_id = $1 AND exam_id = $2 AND package = $3`,
      examId === null ? [tenantId, courseId] : [tenantId, examId, pack],
    );
    return Number(row?.max ?? 0);
  }

  /** Renumbers the rest of the question's package after it left (its index is free). */
  private async closeGap(question: Question, manager: EntityManager) {
    const where =
      question.examId === null
        ? { tenantId: question.tenantId, courseId: question.courseId, examId: IsNull() }
        : { tenantId: question.tenantId, examId: question.examId, package: question.package };
    const rest = await manager.find(Question, {
      where,
      order: { index: 'ASC', id: 'ASC' },
      select: { id: true, index: true },
    });
    const order = rest.filter((other) => other.id !== question.id).map((other) => other.id);
    await this.renumber(order, manager);
  }

  /** The question takes position `to` in its package (clamped), the others renumbered around it. */
  private async move(question: Question, to: number, manager: EntityManager) {
    const where =
      question.examId === null
        ? { tenantId: question.tenantId, courseId: question.courseId, examId: IsNull() }
        : { tenantId: question.tenantId, examId: question.examId, package: question.package };
    const all = await manager.find(Question, {
      where,
      order: { index: 'ASC', id: 'ASC' },
      select: { id: true, index: true },
    });
    const order = all.filter((other) => other.id !== question.id).map((other) => other.id);
    const position = Math.max(1, Math.min(to, order.length + 1));
    order.splice(position - 1, 0, question.id);
    await this.renumber(order, manager);
    question.index = position;
  }

  /** Gives the questions indexes 1..n in this order (one statement). */
  private async renumber(order: readonly number[], manager: EntityManager) {
    if (!order.length) return;
    await manager.query(
      `UPDATE questions AS q SET index = o.position FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, position)
       WHERE q.id = o.id AND q.index IS DISTINCT FROM o.position`,
      [order],
    );
  }

  private async renumberOptions(order: readonly number[], manager: EntityManager) {
    if (!order.length) return;
    await manager.query(
      `UPDATE question_answers AS a SET index = o.position FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, position)
       WHERE a.id = o.id AND a.index IS DISTINCT FROM o.position`,
      [order],
    );
  }

  private async insert(
    auth: AuthContext,
    scope: QuestionScope,
    pack: number,
    question: ImportedQuestion,
    manager: EntityManager,
  ): Promise<Question> {
    await this.lockPackage(scope.examId, pack, manager, scope.courseId);
    const index = (await this.highestIndex(auth.tenantId, scope.examId, scope.courseId, pack, manager)) + 1;
    const saved = await manager.save(
      manager.create(Question, {
        tenantId: auth.tenantId,
        courseId: scope.courseId,
        examId: scope.examId,
        package: pack,
        index,
        type: question.questions_type,
        question: clean(question.question),
        group: QUESTION_GROUP,
        weight: question.weight,
        solution: cleanOrNull(question.solution),
        dataSetId: question.data_set_id,
        createdBy: auth.userId,
      }),
    );
    await this.insertOptions(saved.id, question.answers, manager);
    await this.setTags(saved, question.tags, manager);
    return saved;
  }

  private async insertOptions(
    questionId: number,
    options: readonly OptionDraft[],
    manager: EntityManager,
    after = 0,
  ) {
    if (!options.length) return [];
    return manager.save(
      options.map((option, n) =>
        manager.create(AnswerOption, {
          questionId,
          index: after + n + 1,
          answer: cleanOrNull(option.answer),
          point: option.point,
          exactAnswer: option.exact_answer,
          tolerance: option.tolerance,
          decimalPlace: option.decimal_place,
          formula: option.formula,
        }),
      ),
    );
  }

  private async setTags(
    question: Pick<Question, 'id' | 'tenantId'>,
    tags: readonly string[],
    manager: EntityManager,
  ) {
    await manager.delete(QuestionTag, { questionId: question.id });
    const unique = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
    if (unique.length)
      await manager.insert(
        QuestionTag,
        unique.map((tag) => ({ questionId: question.id, tag, tenantId: question.tenantId })),
      );
  }

  /**
   * Where one option is correct, marking an option correct unmarks the others (as a radio
   * button does); returns the other options, changed in memory, with `save()` to write them.
   */
  private unmarkOthers(
    type: QuestionType,
    others: AnswerOption[],
    draft: OptionDraft,
    manager: EntityManager,
  ) {
    const changed: AnswerOption[] = [];
    if (SINGLE_ANSWER_TYPES.includes(type) && isCorrect(draft))
      for (const other of others)
        if (isCorrect(other)) {
          other.point = 0;
          changed.push(other);
        }
    return Object.assign([...others], {
      save: async () => {
        for (const other of changed) await manager.update(AnswerOption, { id: other.id }, { point: 0 });
      },
    });
  }

  /** The rules for the question with these options; issues of option `position` point at its fields. */
  private async checkOptions(
    auth: AuthContext,
    scope: QuestionScope,
    question: Question,
    options: OptionDraft[],
    position: number,
    manager: EntityManager,
  ) {
    const draft = draftOf(question, []);
    draft.answers = options;
    const dataset = await this.datasetContext(auth, scope, question.dataSetId, manager, 'question_id');
    const own = `answers/${position}/`;
    const issues = questionIssues(draft, dataset?.context).map((issue) => ({
      path: issue.path.startsWith(own)
        ? issue.path.slice(own.length)
        : issue.path === 'answers'
          ? 'question_id'
          : issue.path,
      detail: issue.detail,
    }));
    this.refuse(issues.filter((issue) => !issue.path.startsWith('answers/')));
    await this.checkFormulasOnItems(
      draft,
      dataset,
      (n) => (n === position ? 'formula' : 'question_id'),
      manager,
    );
  }

  /** The question's dataset (of the same course) and its variables. */
  private async datasetContext(
    auth: AuthContext,
    scope: QuestionScope,
    dataSetId: number | null,
    manager: EntityManager,
    field: string,
  ): Promise<{ id: number; context: DatasetContext } | undefined> {
    if (dataSetId === null) return undefined;
    const dataSet = await manager.findOneBy(DataSet, {
      id: dataSetId,
      tenantId: auth.tenantId,
      courseId: scope.courseId,
    });
    if (!dataSet)
      throw unprocessable([
        { pointer: attributePointer(field), detail: `dataset ${dataSetId} is not one of the course's` },
      ]);
    const details = await manager.find(DataSetDetail, { where: { dataSetId }, order: { id: 'ASC' } });
    return { id: dataSetId, context: { variables: details.map((detail) => detail.name) } };
  }

  /** A formula must compute on every item the dataset has (no division by zero for some values). */
  private async checkFormulasOnItems(
    draft: QuestionDraft,
    dataset: { id: number; context: DatasetContext } | undefined,
    pathOf: (option: number) => string,
    manager: EntityManager,
  ) {
    if (!dataset) return;
    const items = await manager.find(DataSetItem, {
      where: { dataSetId: dataset.id },
      order: { index: 'ASC' },
    });
    const issues: Array<{ path: string; detail: string }> = [];
    draft.answers.forEach((option, n) => {
      if (!option.formula?.trim()) return;
      try {
        const formula = parseFormula(option.formula, dataset.context.variables);
        for (const item of items) {
          try {
            formula.evaluate(item.values);
          } catch (error) {
            if (error instanceof FormulaError) {
              issues.push({
                path: pathOf(n),
                detail: `${error.detail} (dataset item ${item.index}: ${JSON.stringify(item.values)})`,
              });
              return;
            }
            throw error;
          }
        }
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
      }
    });
    this.refuse(issues);
  }

  private async changed(
    auth: AuthContext,
    scope: QuestionScope,
    ids: number[],
    action: QuestionChange,
    manager: EntityManager,
  ) {
    if (!ids.length) return;
    await recordEvent(manager, 'exam.question.changed', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: scope.examId ?? `course-${scope.courseId}`,
      data: { examId: scope.examId, courseId: scope.courseId, action, questionIds: ids },
    });
  }
}
