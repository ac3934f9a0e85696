import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, JsonApiException, notFound, unprocessable } from '@lms/jsonapi';
import {
  BlobNotFoundError,
  type BlobStorage,
  BlobTooLargeError,
  detectContentType,
  drain,
  peekHead,
} from '@lms/storage';
import { ExamConfig } from '../config';
import { QuestionAccess } from '../questions/question-access';
import { BLOB_STORAGE } from '../storage/blob-storage';
import { ExamImage } from './exam-image.entity';

/** What an image in a question may be, judged by its bytes (never SVG, which can carry scripts). */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

/** An image of a course's questions, shown at `/api/exam/courses/{courseId}/images/{name}`. */
export interface QuestionImage {
  courseId: number;
  /** The random part of its storage key. */
  name: string;
  size: number;
  mime: string;
}

const fileIssue = (detail: string) => unprocessable([{ pointer: attributePointer('file'), detail }]);

/**
 * Images of questions' rich text, kept in the exam service's store: uploaded by those who author
 * the course's questions, recorded in `exam_images`, and answered by their address.
 */
@Injectable()
export class QuestionImagesService {
  private readonly logger = new Logger(QuestionImagesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: QuestionAccess,
    private readonly config: ExamConfig,
    @Inject(BLOB_STORAGE) private readonly storage: BlobStorage,
  ) {}

  get maxUploadBytes(): number {
    return this.config.maxUploadBytes;
  }

  /** Stores one uploaded image for the course's questions (PNG, JPEG, GIF or WebP by its bytes). */
  async upload(auth: AuthContext, courseId: number, part: MultipartFile): Promise<QuestionImage> {
    let key: string | null = null;
    try {
      await this.access.course(auth, courseId);
      const { head, body } = await peekHead(part.file);
      const mime = detectContentType(head);
      if (mime === '') throw fileIssue('The file is empty');
      if (!(mime in IMAGE_TYPES))
        throw fileIssue(
          `Files of type ${mime} are not accepted; allowed: ${Object.values(IMAGE_TYPES).join(', ')}`,
        );
      const name = randomUUID();
      key = `exam/${auth.tenantId}/${courseId}/images/${name}`;
      const stored = await this.storage.put(key, body, { contentType: mime, maxBytes: this.maxUploadBytes });
      if (part.file.truncated) throw new BlobTooLargeError(this.maxUploadBytes);
      await this.dataSource.getRepository(ExamImage).insert({
        blobKey: key,
        tenantId: auth.tenantId,
        courseId,
        addedBy: auth.userId,
        size: stored.size,
        mime,
      });
      return { courseId, name, size: stored.size, mime };
    } catch (error) {
      await drain(part.file);
      if (key !== null)
        await this.storage.remove(key).catch((problem: unknown) => {
          this.logger.warn(`could not remove the orphaned image ${key}: ${String(problem)}`);
        });
      if (error instanceof BlobTooLargeError)
        throw new JsonApiException(413, [
          {
            status: '413',
            title: 'Payload Too Large',
            detail: `The image is larger than the limit of ${Math.round(this.maxUploadBytes / (1024 * 1024))} MB`,
            source: { pointer: attributePointer('file') },
          },
        ]);
      throw error;
    }
  }

  /** The image, when the course holds it and the request's host is the campus's. */
  async image(
    host: string,
    courseId: number,
    name: string,
  ): Promise<{ body: Readable; mime: string; size: number }> {
    const [row]: Array<{ blob_key: string; mime: string; size: string }> = await this.dataSource.query(
      `SELECT i.blob_key, i.mime, i.size FROM exam_images i JOIN tenants t ON t.id = i.tenant_id
        WHERE i.course_id = $1 AND i.blob_key = 'exam/' || i.tenant_id || '/' || $1 || '/images/' || $2
          AND lower(t.domain) = lower($3)`,
      [courseId, name, host.replace(/:\d+$/, '')],
    );
    if (!row) throw notFound('The image does not exist');
    try {
      return { body: await this.storage.get(row.blob_key), mime: row.mime, size: Number(row.size) };
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The image does not exist');
      throw error;
    }
  }
}
