import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DatasetValues } from '../domain/dataset';
import type { QuestionType } from '../domain/question-rules';
import { Exam } from '../exams/exam.entity';

/** An answer option as an attempt needs it (what the student reads is chosen when rendering). */
export interface ContentOption {
  id: number;
  index: number;
  answer: string | null;
  formula: string | null;
  decimalPlace: number;
}

export interface ContentQuestion {
  id: number;
  package: number;
  index: number;
  type: QuestionType;
  question: string;
  weight: number;
  dataSetId: number | null;
  options: ContentOption[];
}

/** What taking an exam reads of it: the exam, its classes, its questions by package, dataset items. */
export interface ExamContent {
  exam: Exam;
  /** The classes it is for; empty: every class of its course. */
  classIds: number[];
  packages: Map<number, ContentQuestion[]>;
  questions: Map<number, ContentQuestion>;
  /** Items of the datasets its questions use, by dataset id. */
  items: Map<number, Array<{ id: number; values: DatasetValues }>>;
  /** The same items by their id. */
  itemValues: Map<number, DatasetValues>;
}

/** How long a loaded exam is used before it is read again. */
export const EXAM_CONTENT_TTL_MS = 5_000;

/**
 * The exam-day cache: an exam with its questions (every package) and its datasets' items, read
 * once per {@link EXAM_CONTENT_TTL_MS} per process and shared by every request meanwhile —
 * including those arriving while it loads — so a cohort starting at the same second reads the
 * exam once, not once per student. A change by its authors (window, publication, a corrected
 * question) is seen within that time; the student's own rows (attempt, answers) are never cached.
 */
@Injectable()
export class ExamContentCache {
  private readonly entries = new Map<number, { loadedAt: number; content: Promise<ExamContent | null> }>();

  constructor(private readonly dataSource: DataSource) {}

  /** The exam's content (any campus: the caller checks), or null when there is no such exam. */
  get(examId: number): Promise<ExamContent | null> {
    const now = Date.now();
    const entry = this.entries.get(examId);
    if (entry && now - entry.loadedAt < EXAM_CONTENT_TTL_MS) return entry.content;
    const content = this.load(examId);
    this.entries.set(examId, { loadedAt: now, content });
    content.catch(() => this.entries.delete(examId));
    if (this.entries.size > 10_000) this.prune(now);
    return content;
  }

  /** Forgets an exam (a write of this process that must be seen at once). */
  forget(examId: number): void {
    this.entries.delete(examId);
  }

  private prune(now: number) {
    for (const [id, entry] of this.entries)
      if (now - entry.loadedAt >= EXAM_CONTENT_TTL_MS) this.entries.delete(id);
  }

  private async load(examId: number): Promise<ExamContent | null> {
    const exam = await this.dataSource.getRepository(Exam).findOneBy({ id: examId });
    if (!exam) return null;
    const [classes, rows, options]: [
      Array<{ class_id: string }>,
      Array<Record<string, string | number | null>>,
      Array<Record<string, string | number | null>>,
    ] = await Promise.all([
      this.dataSource.query(`SELECT class_id FROM exam_classes WHERE exam_id = $1`, [examId]),
      this.dataSource.query(
        `SELECT id, package, index, questions_type, question, weight, data_set_id
           FROM questions WHERE exam_id = $1 ORDER BY package, index, id`,
        [examId],
      ),
      this.dataSource.query(
        `SELECT o.id, o.question_id, o.index, o.answer, o.formula, o.decimal_place
           FROM question_answers o JOIN questions q ON q.id = o.question_id
          WHERE q.exam_id = $1 ORDER BY o.index, o.id`,
        [examId],
      ),
    ]);
    const questions = new Map<number, ContentQuestion>();
    const packages = new Map<number, ContentQuestion[]>();
    for (const row of rows) {
      const question: ContentQuestion = {
        id: Number(row.id),
        package: Number(row.package),
        index: Number(row.index),
        type: row.questions_type as QuestionType,
        question: String(row.question ?? ''),
        weight: Number(row.weight),
        dataSetId: row.data_set_id === null ? null : Number(row.data_set_id),
        options: [],
      };
      questions.set(question.id, question);
      packages.set(question.package, [...(packages.get(question.package) ?? []), question]);
    }
    for (const row of options)
      questions.get(Number(row.question_id))?.options.push({
        id: Number(row.id),
        index: Number(row.index),
        answer: row.answer === null ? null : String(row.answer),
        formula: row.formula === null ? null : String(row.formula),
        decimalPlace: Number(row.decimal_place),
      });
    const dataSetIds = [
      ...new Set([...questions.values()].flatMap((q) => (q.dataSetId ? [q.dataSetId] : []))),
    ];
    const items = new Map<number, Array<{ id: number; values: DatasetValues }>>();
    const itemValues = new Map<number, DatasetValues>();
    if (dataSetIds.length > 0) {
      const itemRows: Array<{ id: string; data_set_id: string; values: DatasetValues }> =
        await this.dataSource.query(
          `SELECT id, data_set_id, values FROM data_set_items WHERE data_set_id = ANY($1::bigint[]) ORDER BY index`,
          [dataSetIds],
        );
      for (const row of itemRows) {
        const list = items.get(Number(row.data_set_id)) ?? [];
        list.push({ id: Number(row.id), values: row.values });
        itemValues.set(Number(row.id), row.values);
        items.set(Number(row.data_set_id), list);
      }
    }
    return {
      exam,
      classIds: classes.map((row) => Number(row.class_id)),
      packages,
      questions,
      items,
      itemValues,
    };
  }
}
