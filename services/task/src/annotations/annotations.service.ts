import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  applyQuery,
  attributePointer,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { BlobNotFoundError, type BlobStorage, type StoredFile, fileByKey } from '@lms/storage';
import { TaskAccess } from '../answers/task-access';
import { TASK_STORAGE } from '../files/task-storage';
import { annotatedCopy, pageBoxes, UnreadablePdfError } from './annotated-pdf';
import { TaskAnnotation, type WebAnnotation } from './annotation.entity';
import {
  type AnnotationInput,
  type AnnotationIssue,
  type AnnotationUpdate,
  boundsIssues,
  DEFAULT_COLORS,
  type PageBox,
  shapeIssues,
} from './annotations.rules';

/** An annotation with its author's name, as the API shows it. */
export interface AnnotationView {
  annotation: TaskAnnotation;
  authorName: string | null;
}

/** The answer an annotation belongs to, as its reader may see it. */
interface AnswerAccess {
  id: number;
  files: StoredFile[];
  /** Staff of the task's course (who annotate); otherwise the answer's student or group member. */
  staff: boolean;
}

/** Pages of the files annotated lately: a file never changes once stored (its key is new per upload). */
const PAGE_CACHE_SIZE = 200;

const issuesToError = (issues: readonly AnnotationIssue[]) =>
  unprocessable(issues.map((issue) => ({ pointer: attributePointer(issue.path), detail: issue.detail })));

/**
 * Annotations of the PDFs handed in with answers: staff of the task's course write them, they
 * and the answer's student (or its group's members) read them — whoever reaches the answer itself
 * (TaskAccess.answer: a student only while they take the task); another campus's answer, or
 * another student's, is not found. Annotations are data: the student's file is never changed.
 */
@Injectable()
export class AnnotationsService {
  private readonly pages = new Map<string, PageBox[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
    private readonly access: TaskAccess,
    @Inject(TASK_STORAGE) private readonly storage: BlobStorage,
  ) {}

  /** The answer, if the caller may read it: the answer's own rule (TaskAccess.answer), 404 otherwise. */
  private async answer(auth: AuthContext, answerId: number): Promise<AnswerAccess> {
    const { answer, staff } = await this.access.answer(auth, answerId);
    return { id: answer.id, files: answer.files, staff };
  }

  private async answerToAnnotate(auth: AuthContext, answerId: number): Promise<AnswerAccess> {
    const answer = await this.answer(auth, answerId);
    if (!answer.staff) throw forbidden('Only the staff of the course annotate answers');
    return answer;
  }

  /** The annotations of an answer (`filter[file]`, `filter[motivation]`, oldest first by default). */
  async list(auth: AuthContext, answerId: number, query: ParsedQuery): Promise<[AnnotationView[], number]> {
    await this.answer(auth, answerId);
    const qb = this.dataSource
      .getRepository(TaskAnnotation)
      .createQueryBuilder('annotation')
      .where('annotation.answer_id = :answerId AND annotation.tenant_id = :tenantId', {
        answerId,
        tenantId: auth.tenantId,
      });
    const [rows, total] = await applyQuery(qb, query).getManyAndCount();
    return [await this.withAuthors(auth, rows), total];
  }

  async create(auth: AuthContext, answerId: number, input: AnnotationInput): Promise<AnnotationView> {
    const answer = await this.answerToAnnotate(auth, answerId);
    const annotation = await this.checked(answer, {
      motivation: input.motivation,
      body: input.body ?? null,
      source: input.target.source,
      selector: input.target.selector,
      color: input.color,
    });
    const saved = await this.dataSource.getRepository(TaskAnnotation).save({
      tenantId: auth.tenantId,
      answerId: answer.id,
      fileKey: annotation.target.source,
      authorId: auth.userId,
      body: annotation,
    });
    return (await this.withAuthors(auth, [saved]))[0];
  }

  /** Changes the text, colour or place; the file and the motivation stay. */
  async update(auth: AuthContext, id: number, input: AnnotationUpdate): Promise<AnnotationView> {
    const existing = await this.find(auth, id);
    const answer = await this.answerToAnnotate(auth, existing.answerId);
    const current = existing.body;
    if (input.target?.source !== undefined && input.target.source !== current.target.source)
      throw issuesToError([
        { path: ['target', 'source'], detail: 'target.source cannot change: annotate the other file anew' },
      ]);
    const annotation = await this.checked(answer, {
      motivation: current.motivation,
      body: input.body === undefined ? (current.body ?? null) : input.body,
      source: current.target.source,
      selector: input.target?.selector ?? current.target.selector,
      color: input.color ?? current.color,
    });
    existing.body = annotation;
    const saved = await this.dataSource.getRepository(TaskAnnotation).save(existing);
    return (await this.withAuthors(auth, [saved]))[0];
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const existing = await this.find(auth, id);
    await this.answerToAnnotate(auth, existing.answerId);
    await this.dataSource.getRepository(TaskAnnotation).delete({ id: existing.id });
  }

  /** The PDF with the annotations of it drawn in (`…/files/{key}/annotated`, the key or its last segment), and its name. */
  async annotatedFile(
    auth: AuthContext,
    answerId: number,
    key: string,
  ): Promise<{ name: string; bytes: Uint8Array }> {
    const answer = await this.answer(auth, answerId);
    const file = fileByKey(answer.files, key);
    if (file.mime !== 'application/pdf') throw notFound('Only a PDF file has an annotated copy');
    const bytes = await this.read(file.key);
    const rows = await this.dataSource
      .getRepository(TaskAnnotation)
      .find({ where: { answerId: answer.id, fileKey: file.key }, order: { createdAt: 'ASC', id: 'ASC' } });
    const views = await this.withAuthors(auth, rows);
    try {
      const copy = await annotatedCopy(
        bytes,
        views.map((view) => ({
          annotation: view.annotation.body,
          author: view.authorName ?? `#${view.annotation.authorId}`,
          createdAt: view.annotation.createdAt,
        })),
        file.name,
      );
      return { name: `${file.name.replace(/\.pdf$/i, '')} (annotated).pdf`, bytes: copy };
    } catch (error) {
      if (error instanceof UnreadablePdfError)
        throw unprocessable([{ pointer: '/data', detail: `The PDF cannot be annotated: ${error.message}` }]);
      throw error;
    }
  }

  private async find(auth: AuthContext, id: number): Promise<TaskAnnotation> {
    const annotation = await this.dataSource
      .getRepository(TaskAnnotation)
      .findOneBy({ id, tenantId: auth.tenantId });
    if (!annotation) throw notFound('The annotation does not exist');
    return annotation;
  }

  /**
   * The W3C annotation of a valid write: a PDF of the answer as target, the geometry its
   * motivation needs, every coordinate on the page.
   */
  private async checked(
    answer: AnswerAccess,
    write: {
      motivation: WebAnnotation['motivation'];
      body: { value: string } | null;
      source: string;
      selector: AnnotationInput['target']['selector'];
      color: string | undefined;
    },
  ): Promise<WebAnnotation> {
    const text = write.body?.value ?? null;
    const shape = shapeIssues(write.motivation, write.selector, text);
    const file = answer.files.find((candidate) => candidate.key === write.source);
    if (!file)
      shape.push({
        path: ['target', 'source'],
        detail: 'target.source must be the key of one of the answer’s files',
      });
    else if (file.mime !== 'application/pdf')
      shape.push({ path: ['target', 'source'], detail: `target.source must be a PDF, not ${file.mime}` });
    if (shape.length > 0 || !file) throw issuesToError(shape);
    const bounds = boundsIssues(write.selector, await this.pagesOf(file.key));
    if (bounds.length > 0) throw issuesToError(bounds);
    return {
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'Annotation',
      motivation: write.motivation,
      ...(text !== null && text.trim() !== ''
        ? { body: { type: 'TextualBody', value: text, format: 'text/plain' } as const }
        : {}),
      target: { source: file.key, selector: { ...write.selector, type: 'PdfSelector' } },
      color: (write.color ?? DEFAULT_COLORS[write.motivation]).toLowerCase(),
    };
  }

  private async pagesOf(key: string): Promise<PageBox[]> {
    const cached = this.pages.get(key);
    if (cached) return cached;
    let pages: PageBox[];
    try {
      pages = await pageBoxes(await this.read(key));
    } catch (error) {
      if (error instanceof UnreadablePdfError)
        throw issuesToError([
          { path: ['target', 'source'], detail: `target.source cannot be annotated: ${error.message}` },
        ]);
      throw error;
    }
    if (this.pages.size >= PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, pages);
    return pages;
  }

  private async read(key: string): Promise<Uint8Array> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.storage.get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The file does not exist');
      throw error;
    }
  }

  private async withAuthors(auth: AuthContext, rows: TaskAnnotation[]): Promise<AnnotationView[]> {
    const users = await this.projections.users(auth.tenantId, [...new Set(rows.map((row) => row.authorId))]);
    const names = new Map(users.map((user) => [Number(user.id), user.name]));
    return rows.map((annotation) => ({
      annotation,
      authorName: names.get(Number(annotation.authorId)) ?? null,
    }));
  }
}
