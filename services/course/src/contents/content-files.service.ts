import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, JsonApiException, notFound, unprocessable, validateWith } from '@lms/jsonapi';
import {
  BlobNotFoundError,
  type BlobStorage,
  BlobTooLargeError,
  detectContentType,
  drain,
  OFFICE_TYPES,
  peekHead,
  receiveImage,
} from '@lms/storage';
import { CourseConfig } from '../config';
import { BLOB_STORAGE, DOWNLOAD_LINK_SECONDS } from '../files/blob-storage';
import type { Content } from './content.entity';
import { contentUploadRules } from './contents.rules';
import { ContentsService } from './contents.service';
import { CourseAccess } from '../courses/course-access.service';
import { courseHoldsFile, recordUpload } from './course-files.data';

/**
 * What an uploaded file may be, judged by its content; the label is what a refusal lists, the
 * extension what a download gets when the content's name has none.
 */
export const UPLOAD_TYPES: ReadonlyArray<readonly [mime: string, label: string, extension: string]> = [
  ['application/pdf', 'PDF', 'pdf'],
  ['image/png', 'PNG', 'png'],
  ['image/jpeg', 'JPEG', 'jpg'],
  ['image/gif', 'GIF', 'gif'],
  ['image/webp', 'WebP', 'webp'],
  [OFFICE_TYPES.docx, 'Word (docx)', 'docx'],
  [OFFICE_TYPES.xlsx, 'Excel (xlsx)', 'xlsx'],
  [OFFICE_TYPES.pptx, 'PowerPoint (pptx)', 'pptx'],
  ['video/mp4', 'MP4', 'mp4'],
  ['audio/mpeg', 'MP3', 'mp3'],
  ['text/plain', 'plain text', 'txt'],
  ['text/csv', 'CSV', 'csv'],
];
const ALLOWED = new Set(UPLOAD_TYPES.map(([mime]) => mime));
const EXTENSIONS = new Map(UPLOAD_TYPES.map(([mime, , extension]) => [mime, extension]));

/**
 * The name a downloaded file is saved under: the content's name, with the extension of its type
 * added when the name does not end in it ("Syllabus" of a Word file → "Syllabus.docx").
 */
export function downloadNameOf(content: Pick<Content, 'name' | 'mime'>): string {
  const name = content.name.trim() || 'file';
  const extension = content.mime === null ? undefined : EXTENSIONS.get(content.mime);
  if (extension === undefined) return name;
  const has = (ext: string) => name.toLowerCase().endsWith(`.${ext}`);
  if (has(extension) || (extension === 'jpg' && has('jpeg'))) return name;
  return `${name}.${extension}`;
}

/** A blob just stored: its key and what the store measured. */
interface StoredBlob {
  blobKey: string;
  size: number;
  mime: string;
}

/** An image of a course for rich text, shown at `/api/course/courses/{courseId}/images/{name}`. */
export interface CourseImage {
  courseId: number;
  /** The random part of its storage key. */
  name: string;
  size: number;
  mime: string;
}

/** A short-lived link to a file, and the name the browser saves it under. */
export interface DownloadLink {
  url: string;
  filename: string;
}

/**
 * Types a browser may declare for a file of each detected type (it guesses from the name).
 * `application/octet-stream` (or nothing) always passes: the browser did not know.
 */
const DECLARED_ALIASES: Record<string, string[]> = {
  'image/jpeg': ['image/jpg', 'image/pjpeg'],
  'audio/mpeg': ['audio/mp3', 'audio/x-mpeg', 'audio/mpeg3'],
  'video/mp4': ['application/mp4'],
  'text/plain': ['text/*', 'application/csv', 'application/vnd.ms-excel', 'application/x-csv'],
  [OFFICE_TYPES.docx]: ['application/zip', 'application/x-zip-compressed'],
  [OFFICE_TYPES.xlsx]: ['application/zip', 'application/x-zip-compressed'],
  [OFFICE_TYPES.pptx]: ['application/zip', 'application/x-zip-compressed'],
};

function declaredMatches(declared: string, detected: string): boolean {
  if (declared === '' || declared === 'application/octet-stream' || declared === detected) return true;
  const aliases = DECLARED_ALIASES[detected] ?? [];
  return aliases.some((alias) =>
    alias.endsWith('/*') ? declared.startsWith(alias.slice(0, -1)) : alias === declared,
  );
}

const CSV_HINT = /\.csv$/i;
const CSV_TYPES = ['text/csv', 'application/csv', 'application/x-csv', 'application/vnd.ms-excel'];

const tooLarge = (maxBytes: number) =>
  new JsonApiException(413, [
    {
      status: '413',
      title: 'Payload Too Large',
      detail: `The file is larger than the upload limit of ${Math.round(maxBytes / (1024 * 1024))} MB`,
      source: { pointer: attributePointer('file') },
    },
  ]);

const fileIssue = (detail: string) => unprocessable([{ pointer: attributePointer('file'), detail }]);

/**
 * File contents: multipart uploads streamed into blob storage (size limited, type judged by the
 * bytes), and short-lived download links for those who may read the content. Archiving a file
 * content keeps its blob: the content can be restored, and copies share the blob.
 */
@Injectable()
export class ContentFilesService {
  private readonly logger = new Logger(ContentFilesService.name);

  constructor(
    private readonly contents: ContentsService,
    private readonly access: CourseAccess,
    private readonly dataSource: DataSource,
    private readonly config: CourseConfig,
    @Inject(BLOB_STORAGE) private readonly storage: BlobStorage,
  ) {}

  get maxUploadBytes(): number {
    return this.config.maxUploadBytes;
  }

  /**
   * Stores one uploaded file as a new content at the end of its target. `fields` are the form
   * fields sent before the file. The file stream is always consumed, also when refused.
   */
  async upload(auth: AuthContext, fields: Record<string, string>, part: MultipartFile): Promise<Content> {
    return this.receive(part, async (store) => {
      const input = validateWith(contentUploadRules, fields);
      const target = { contentable_type: input.contentable_type, contentable_id: input.contentable_id };
      const courseId = await this.contents.writableTarget(auth, target);
      const stored = await store(`course/${auth.tenantId}/${courseId}`);
      const name = (input.name?.trim() || part.filename?.trim() || 'file').slice(0, 255);
      return this.contents.createFile(auth, target, { ...stored, name });
    });
  }

  /**
   * Stores the image of an upload as a file of the course (recorded in `course_files` as the
   * caller's upload), for rich text to show: PNG, JPEG, GIF or WebP, judged by its bytes (no SVG,
   * which can carry scripts). Only someone who teaches the course may add one.
   */
  async uploadImage(auth: AuthContext, courseId: number, request: FastifyRequest): Promise<CourseImage> {
    return receiveImage(request, { maxBytes: this.config.maxUploadBytes }, async (image) => {
      await this.access.requireTeaching(auth, courseId);
      const name = randomUUID();
      const blobKey = `course/${auth.tenantId}/${courseId}/${name}`;
      const { size, mime } = await image.storeIn(this.storage, blobKey);
      await this.dataSource.transaction((manager) =>
        recordUpload(manager, auth, courseId, blobKey, { size, mime }),
      );
      return { courseId, name, size, mime };
    });
  }

  /**
   * An image of a course, to answer as it is: its address names the course and the image's random
   * name; only an image the course holds, of the campus of the request, is read.
   */
  async image(
    tenantId: number,
    courseId: number,
    name: string,
  ): Promise<{ body: Readable; mime: string; size: number }> {
    const key = `course/${tenantId}/${courseId}/${name}`;
    const rows: Array<{ mime: string; size: string }> = await this.dataSource.query(
      `SELECT mime, size FROM course_files
        WHERE blob_key = $1 AND course_id = $2 AND tenant_id = $3 AND mime LIKE 'image/%'`,
      [key, courseId, tenantId],
    );
    if (rows.length === 0) throw notFound('The image does not exist');
    try {
      return { body: await this.storage.get(key), mime: rows[0].mime, size: Number(rows[0].size) };
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The image does not exist');
      throw error;
    }
  }

  /**
   * Receives the file of an upload: its type checked against {@link UPLOAD_TYPES} by its first bytes, then
   * streamed into storage under `<prefix>/<uuid>` when `accept` calls `store(prefix)` (after its
   * own checks), bounded by MAX_UPLOAD_MB. The stream is always consumed and a stored blob removed
   * again when anything fails.
   */
  private async receive<T>(
    part: MultipartFile,
    accept: (store: (prefix: string) => Promise<StoredBlob>) => Promise<T>,
  ): Promise<T> {
    let blobKey: string | null = null;
    try {
      return await accept(async (prefix) => {
        const { head, body } = await peekHead(part.file);
        const mime = this.checkType(head, part);
        blobKey = `${prefix}/${randomUUID()}`;
        const stored = await this.storage.put(blobKey, body, {
          contentType: mime,
          maxBytes: this.config.maxUploadBytes,
        });
        if (part.file.truncated) throw tooLarge(this.config.maxUploadBytes);
        return { blobKey, size: stored.size, mime };
      });
    } catch (error) {
      await drain(part.file);
      if (blobKey !== null) await this.discard(blobKey);
      if (error instanceof BlobTooLargeError) throw tooLarge(this.config.maxUploadBytes);
      throw error;
    }
  }

  /** The type to store the file as; a 422 naming the type when it is refused. */
  private checkType(head: Buffer, part: MultipartFile): string {
    const detected = detectContentType(head);
    if (detected === '') throw fileIssue('The file is empty');
    if (!ALLOWED.has(detected)) {
      const labels = UPLOAD_TYPES.map(([, label]) => label);
      throw fileIssue(`Files of type ${detected} are not accepted; allowed: ${labels.join(', ')}`);
    }
    const declared = (part.mimetype ?? '').split(';')[0].trim().toLowerCase();
    if (!declaredMatches(declared, detected)) {
      throw fileIssue(`The file was sent as ${declared} but its content is ${detected}`);
    }
    // Text is text: whether it is CSV only the sender can say.
    if (detected === 'text/plain' && (CSV_TYPES.includes(declared) || CSV_HINT.test(part.filename ?? '')))
      return 'text/csv';
    return detected;
  }

  private async discard(key: string) {
    await this.storage.remove(key).catch((error: unknown) => {
      this.logger.warn(`could not remove the orphaned blob ${key}: ${String(error)}`);
    });
  }

  /** A 5-minute link to the file of a content the caller may read. */
  async downloadUrl(auth: AuthContext, id: number): Promise<DownloadLink> {
    return this.linkFor(await this.contents.get(auth, id));
  }

  /** The same for an anonymous reader: a live content of a public course of the campus. */
  async publicDownloadUrl(tenantId: number, id: number): Promise<DownloadLink> {
    return this.linkFor(await this.contents.getPublic(tenantId, id));
  }

  /** The link answers the file as an attachment named after the content (Content-Disposition). */
  private async linkFor(content: Content): Promise<DownloadLink> {
    if (content.type !== 'file' || content.content === null) {
      throw unprocessable([
        { pointer: attributePointer('contents_type'), detail: 'Only a file content can be downloaded' },
      ]);
    }
    // Only a file the content's course holds (uploaded to it, or copied into it) is signed: a key
    // written into the row by other means — another course's, another campus's — is not.
    if (!(await courseHoldsFile(this.dataSource.manager, content.courseId, content.content)))
      throw notFound('The file does not exist');
    try {
      await this.storage.stat(content.content);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The file does not exist');
      throw error;
    }
    const filename = downloadNameOf(content);
    const url = await this.storage.presignGet(content.content, DOWNLOAD_LINK_SECONDS, {
      downloadName: filename,
    });
    return { url, filename };
  }
}
