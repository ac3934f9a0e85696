import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { notFound } from '@lms/jsonapi';
import { BlobNotFoundError, type BlobStorage, receiveImage } from '@lms/storage';
import { ExamConfig } from '../config';
import { QuestionAccess } from '../questions/question-access';
import { BLOB_STORAGE } from '../storage/blob-storage';
import { ExamImage } from './exam-image.entity';

/** An image of a course's questions, shown at `/api/exam/courses/{courseId}/images/{name}`. */
export interface QuestionImage {
  courseId: number;
  /** The random part of its storage key. */
  name: string;
  size: number;
  mime: string;
}

/**
 * Images of questions' rich text, kept in the exam service's store: uploaded by those who author
 * the course's questions, recorded in `exam_images`, and answered by their address.
 */
@Injectable()
export class QuestionImagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: QuestionAccess,
    private readonly config: ExamConfig,
    @Inject(BLOB_STORAGE) private readonly storage: BlobStorage,
  ) {}

  /**
   * Stores the image of an upload (PNG, JPEG, GIF or WebP by its bytes, at most MAX_UPLOAD_MB) for
   * the course's questions, once the caller is found to author them.
   */
  async upload(auth: AuthContext, courseId: number, request: FastifyRequest): Promise<QuestionImage> {
    return receiveImage(request, { maxBytes: this.config.maxUploadBytes }, async (image) => {
      await this.access.course(auth, courseId);
      const name = randomUUID();
      const key = `exam/${auth.tenantId}/${courseId}/images/${name}`;
      const { size, mime } = await image.storeIn(this.storage, key);
      await this.dataSource
        .getRepository(ExamImage)
        .insert({ blobKey: key, tenantId: auth.tenantId, courseId, addedBy: auth.userId, size, mime });
      return { courseId, name, size, mime };
    });
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
