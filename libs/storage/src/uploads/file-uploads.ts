import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { attributePointer, badRequest, JsonApiException, notFound, unprocessable, z } from '@lms/jsonapi';
import { peekHead } from '../content-type';
import { BlobNotFoundError, type BlobStorage, BlobTooLargeError, contentDisposition } from '../storage';
import { DOCUMENT_FILE_TYPES, sniffDocument } from './file-types';

/**
 * A file attached to a resource (a task, an answer, a comment, a logbook entry), as the database
 * keeps it: the object's key in the service's bucket and what the uploader's browser is told of
 * it. The type is the one found in the content, not the one the browser claimed.
 */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  mime: string;
}

/** A file as every resource shows it (`files: [...]`). */
export const storedFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: z.int(),
  mime: z.string(),
});

/** A multipart request read: its text fields (a repeated name gives a list) and its stored files. */
export interface Upload {
  fields: Record<string, string | string[]>;
  files: StoredFile[];
}

export interface ReceiveOptions<Area extends string = string> {
  tenantId: number;
  /** What the files are attached to (`answers`, `formanswers`…): their keys are `<prefix>/<tenant>/<area>/<uuid>`. */
  area: Area;
  /** Most files in one request (10 by default); none is fine. */
  maxFiles?: number;
}

/** The part names a file may come in: `file`, `files`, `file[]`, `files[0]`… */
const FILE_PART = /^files?(\[\d*\])?$/;
/** Most text fields, and the longest one (an answer's rich text). */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;
/** Control characters never go into a file's name. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

const fileIssue = (detail: string) => unprocessable([{ pointer: attributePointer('file'), detail }]);

/** Reads a stream to its end and drops it (a refused upload still lets the request finish). */
export async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(stream, new Writable({ write: (_chunk, _encoding, callback) => callback() })).catch(
    () => undefined,
  );
}

/** The name a file is shown and downloaded under: its last path segment, without control characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').replace(CONTROL, '').split(/[\\/]/).pop()?.trim() ?? '';
  return base.slice(0, 255) || 'file';
}

/** How a service takes files: its store, the first segment of its keys, the types and size it accepts. */
export interface FileUploadsOptions {
  storage: BlobStorage;
  /** First segment of every key (the service's name: `task`, `course`). */
  keyPrefix: string;
  /** Largest file, in bytes; read on every upload (a configuration may change it in tests). */
  maxBytes: number | (() => number);
  /** The media types accepted, each with the name a refusal lists it under ({@link DOCUMENT_FILE_TYPES} by default). */
  types?: Readonly<Record<string, string>>;
  /** A file's type from its first bytes and its name ({@link sniffDocument} by default). */
  sniff?: (head: Buffer, name: string) => string;
}

/**
 * The files of a service's resources in its store: uploads judged by their bytes (the types of
 * {@link FileUploadsOptions.types}) and bounded by a size limit, each kept under a random key and
 * described by a {@link StoredFile}; downloads streamed to whoever the caller has found may read them.
 * A refused file is a 422 (or 413 for its size) pointing at `/data/attributes/file`.
 */
export class FileUploads<Area extends string = string> {
  private readonly logger = new Logger(FileUploads.name);
  private readonly storage: BlobStorage;
  private readonly keyPrefix: string;
  private readonly limit: () => number;
  readonly types: Readonly<Record<string, string>>;
  private readonly sniff: (head: Buffer, name: string) => string;

  constructor(options: FileUploadsOptions) {
    this.storage = options.storage;
    this.keyPrefix = options.keyPrefix;
    const { maxBytes } = options;
    this.limit = typeof maxBytes === 'function' ? maxBytes : () => maxBytes;
    this.types = options.types ?? DOCUMENT_FILE_TYPES;
    this.sniff = options.sniff ?? sniffDocument;
  }

  get maxBytes(): number {
    return this.limit();
  }

  /**
   * Reads a `multipart/form-data` request: text fields, and files (in parts named `file`,
   * `files`, `file[]`…) stored as they stream in. A refused file (type, size, empty) is a 422 or
   * 413 pointing at `file`, and whatever was stored for the request is removed. The caller removes
   * the files itself if it then refuses the request — or uses {@link withUpload}.
   */
  async receive(request: FastifyRequest, options: ReceiveOptions<Area>): Promise<Upload> {
    if (!request.isMultipart())
      throw badRequest('Files are sent as multipart/form-data, each in a part named "file"');
    const maxFiles = options.maxFiles ?? 10;
    const upload: Upload = { fields: {}, files: [] };
    const parts = request.parts({
      limits: {
        fileSize: this.maxBytes,
        files: maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFiles + MAX_FIELDS,
      },
    });
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldnameTruncated || part.valueTruncated)
            throw unprocessable([
              { pointer: attributePointer(part.fieldname), detail: 'is longer than 1 MB' },
            ]);
          const value = typeof part.value === 'string' ? part.value : String(part.value);
          const seen = upload.fields[part.fieldname];
          upload.fields[part.fieldname] =
            seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
          continue;
        }
        if (!FILE_PART.test(part.fieldname)) {
          await drain(part.file);
          throw unprocessable([
            {
              pointer: attributePointer('file'),
              detail: `A file goes in a part named "file", not "${part.fieldname}"`,
            },
          ]);
        }
        upload.files.push(await this.storePart(part, options));
      }
    } catch (error) {
      await this.remove(upload.files);
      throw this.translate(error, maxFiles);
    }
    return upload;
  }

  /** {@link receive}, then `use`; the files stored are removed if `use` throws. */
  async withUpload<T>(
    request: FastifyRequest,
    options: ReceiveOptions<Area>,
    use: (upload: Upload) => Promise<T>,
  ): Promise<T> {
    const upload = await this.receive(request, options);
    try {
      return await use(upload);
    } catch (error) {
      await this.remove(upload.files);
      throw error;
    }
  }

  /** Stores a file the service made or holds in memory (the demo seed, an annotated copy). */
  async store(tenantId: number, area: Area, name: string, bytes: Buffer): Promise<StoredFile> {
    const clean = cleanFileName(name);
    const mime = this.judge(bytes, clean);
    const key = this.newKey(tenantId, area);
    const stored = await this.storage.put(key, bytes, { contentType: mime, maxBytes: this.maxBytes });
    return { key, name: clean, size: stored.size, mime };
  }

  /** Removes stored files (those of a refused request, of a deleted attachment); never throws. */
  async remove(files: readonly StoredFile[]): Promise<void> {
    for (const file of files)
      await this.storage.remove(file.key).catch((problem: unknown) => {
        this.logger.warn(`could not remove the file ${file.key}: ${String(problem)}`);
      });
  }

  /**
   * Answers the file's bytes, as an attachment saved under its name — or shown in the browser
   * (`inline`) when it is a PDF or an image. The caller has checked the reader may see it.
   */
  async send(reply: FastifyReply, file: StoredFile, options: { inline?: boolean } = {}) {
    let body: NodeJS.ReadableStream;
    try {
      body = await this.storage.get(file.key);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The file does not exist');
      throw error;
    }
    const inline = options.inline === true && /^(application\/pdf|image\/)/.test(file.mime);
    const disposition = contentDisposition(file.name);
    return reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  }

  private newKey(tenantId: number, area: Area): string {
    return `${this.keyPrefix}/${tenantId}/${area}/${randomUUID()}`;
  }

  private judge(head: Buffer, name: string): string {
    const mime = this.sniff(head, name);
    if (mime === '') throw fileIssue(`${name} is empty`);
    if (!Object.hasOwn(this.types, mime))
      throw fileIssue(
        `${name}: files of type ${mime} are not accepted; allowed: ${Object.values(this.types).join(', ')}`,
      );
    return mime;
  }

  private async storePart(part: MultipartFile, options: ReceiveOptions<Area>): Promise<StoredFile> {
    const name = cleanFileName(part.filename);
    let key: string | null = null;
    try {
      const { head, body } = await peekHead(part.file);
      const mime = this.judge(head, name);
      key = this.newKey(options.tenantId, options.area);
      const stored = await this.storage.put(key, body, { contentType: mime, maxBytes: this.maxBytes });
      if (part.file.truncated) throw new BlobTooLargeError(this.maxBytes);
      return { key, name, size: stored.size, mime };
    } catch (error) {
      await drain(part.file);
      if (key !== null) await this.remove([{ key, name, size: 0, mime: '' }]);
      throw error;
    }
  }

  /** Errors of the multipart reader and the store as the JSON:API errors they mean. */
  private translate(error: unknown, maxFiles: number): unknown {
    const code = (error as { code?: string } | null)?.code;
    if (error instanceof BlobTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE')
      return new JsonApiException(413, [
        {
          status: '413',
          title: 'Payload Too Large',
          detail: `A file is larger than the limit of ${formatBytes(this.maxBytes)}`,
          source: { pointer: attributePointer('file') },
        },
      ]);
    if (code === 'FST_FILES_LIMIT') return fileIssue(`At most ${maxFiles} files may be sent at once`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      return unprocessable([
        { pointer: '/data/attributes', detail: `At most ${MAX_FIELDS} fields may be sent` },
      ]);
    return error;
  }
}

/** `20 MB`, `512 KB`: a limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/**
 * The file of `files` named by a URL's `{key}`: its whole key (URL-encoded) or the key's last
 * segment; 404 when the row holds no such file (a key of another row is never served).
 */
export function fileByKey(files: readonly StoredFile[], key: string): StoredFile {
  const file = files.find((candidate) => candidate.key === key || candidate.key.endsWith(`/${key}`));
  if (!file || key === '') throw notFound('The file does not exist');
  return file;
}
