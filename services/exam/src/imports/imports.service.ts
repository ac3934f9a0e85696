import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@lms/auth';
import { attributePointer, JsonApiException, unprocessable } from '@lms/jsonapi';
import type { Question } from '../questions/question.entity';
import { QuestionsService, draftOf } from '../questions/questions.service';
import { describeProblem, type ImportResult } from './imported-question';
import { exportQti, importQti, type QtiExport } from './qti';
import { parseSpreadsheet } from './spreadsheet';
import { TEMPLATE_FILES } from './templates';
import { parseWord } from './word';

export type ImportFormat = 'xlsx' | 'docx' | 'qti';

/** Largest file an import reads (it is parsed whole: a zip's directory is at its end). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Where the shipped templates are, from the service's build (dist/imports) or sources (src/imports). */
const TEMPLATES_DIR = join(__dirname, '../../templates');

/** Where imported questions go: a package of an exam, or a course's bank. */
export interface ImportTarget {
  examId: number | null;
  courseId?: number;
  package?: number;
}

/**
 * Question imports (spreadsheet, Word, QTI) and exports (QTI): a file is read whole and checked
 * by the editor's rules; one with a problem imports nothing and answers a 422 listing every
 * problem (each error's `meta` holds its row or block and field).
 */
@Injectable()
export class ImportsService {
  constructor(private readonly questions: QuestionsService) {}

  async import(
    auth: AuthContext,
    format: ImportFormat,
    target: ImportTarget,
    content: Buffer,
  ): Promise<Question[]> {
    // the caller's right to the target is checked before the file is read
    if (target.examId !== null) await this.questions.checkExam(auth, target.examId);
    else if (target.courseId !== undefined) await this.questions.checkCourse(auth, target.courseId);
    const result: ImportResult =
      format === 'xlsx'
        ? await parseSpreadsheet(content)
        : format === 'docx'
          ? await parseWord(content)
          : await importQti(content);
    if (!result.ok)
      throw new JsonApiException(
        422,
        result.problems.map((problem) => ({
          status: '422',
          title: 'Unprocessable Entity',
          detail: describeProblem(problem),
          source: { pointer: attributePointer('file') },
          meta: { ...problem },
        })),
      );
    return this.questions.addAll(auth, target, result.questions);
  }

  /** The package's questions as a QTI 2.1 zip, and those that could not be exported. */
  async exportQti(auth: AuthContext, examId: number, pack: number): Promise<QtiExport> {
    const questions = await this.questions.listOfExam(auth, examId, pack);
    if (!questions.length)
      throw unprocessable([
        { pointer: attributePointer('package'), detail: `package ${pack} has no question` },
      ]);
    return exportQti(
      questions.map((question) => ({
        ...draftOf(question, question.answers ?? []),
        index: question.index,
        solution: question.solution,
        tags: (question.tags ?? []).map((tag) => tag.tag),
      })),
      `Exam ${examId}, package ${pack}`,
    );
  }

  /** The shipped template of a format. */
  async template(format: 'xlsx' | 'docx'): Promise<{ content: Buffer; file: string; contentType: string }> {
    const { file, contentType } = TEMPLATE_FILES[format];
    return { content: await readFile(join(TEMPLATES_DIR, file)), file, contentType };
  }
}
