import type { FastifyReply } from 'fastify';
import { badRequest, defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { DOWNLOAD_LINK_SECONDS } from '../files/blob-storage';
import type { DownloadLink } from './content-files.service';
import { type Content, CONTENTABLE_TYPES, CONTENT_TYPES } from './content.entity';

export const contentResource = defineResource({
  name: 'Content',
  type: 'contents',
  schema: {
    course_id: z.int(),
    contentable_type: z.enum(CONTENTABLE_TYPES),
    contentable_id: z.int(),
    index: z.int(),
    name: z.string(),
    type: z.enum(CONTENT_TYPES),
    content: z.string().nullable(),
    size: z.number().nullable(),
    mime: z.string().nullable(),
    completion_required: z.boolean(),
    created_at: z.date(),
    updated_at: z.date(),
    deleted_at: z.date().nullable(),
  },
  attributes: (content: Content) => ({
    course_id: content.courseId,
    contentable_type: content.contentableType,
    contentable_id: content.contentableId,
    index: content.index,
    name: content.name,
    type: content.type,
    content: content.content,
    size: content.size,
    mime: content.mime,
    completion_required: content.completionRequired,
    created_at: content.createdAt,
    updated_at: content.updatedAt,
    deleted_at: content.deletedAt,
  }),
});

export const contentQuery: QuerySpec = {
  filters: {
    id: { column: 'content.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'content.course_id', type: 'integer', ops: ['is', 'in'] },
    contentable_type: { column: 'content.contentable_type', type: 'string', ops: ['is', 'in'] },
    contentable_id: { column: 'content.contentable_id', type: 'integer', ops: ['is', 'in'] },
    type: { column: 'content.type', type: 'string', ops: ['is', 'not', 'in'] },
    name: { column: 'content.name', type: 'string', ops: ['is', 'like'] },
    updated_at: { column: 'content.updated_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
  },
  sorts: {
    id: 'content.id',
    index: 'content.index',
    name: 'content.name',
    created_at: 'content.created_at',
    updated_at: 'content.updated_at',
    deleted_at: 'content.deleted_at',
  },
  includes: [],
  defaultSort: 'index',
};

/** `archived=1` (or true) asks for the archive instead of the live contents. */
export function archivedFlag(value: unknown): boolean {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw badRequest('archived must be 1 or 0', 'archived');
}

/**
 * A 302 to the file's link, or with `redirect=0` the link as a document. Either way the file is
 * then answered with `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…` carrying
 * the content's name (signed into the link: by the local-disk blob route, or by MinIO/S3 as
 * `response-content-disposition`); the document names it too (`filename`).
 */
export function sendDownload(reply: FastifyReply, id: number, link: DownloadLink, redirect: unknown) {
  if (redirect === '0' || redirect === 'false') {
    return reply
      .header('cache-control', 'no-store')
      .type('application/vnd.api+json')
      .send({
        data: {
          type: 'downloads',
          id: String(id),
          attributes: {
            url: link.url,
            downloadUrl: link.url,
            filename: link.filename,
            expires_in: DOWNLOAD_LINK_SECONDS,
          },
        },
      });
  }
  return reply.header('cache-control', 'no-store').redirect(link.url, 302);
}
