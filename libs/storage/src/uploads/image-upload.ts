/**
 * The one picture of a multipart request (the question editor's and the course editor's images, a
 * user's avatar): read from its part named `file`, judged by its bytes, then streamed into a store
 * or read whole. Everything refused is a JSON:API error pointing at `/data/attributes/file`: a 422
 * for no file, another part name, or a type that is not an accepted image; a 413 over the limit.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { attributePointer, badRequest, JsonApiException, unprocessable } from '@lms/jsonapi';
import { detectContentType, peekHead } from '../content-type';
import { type BlobStorage, BlobTooLargeError } from '../storage';
import { removeQuietly } from '../stored-files';
import { drain } from './file-uploads';

/** What an uploaded picture may be, judged by its bytes (never SVG or HTML, which can carry scripts). */
export const IMAGE_FILE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

export interface ImageUploadOptions {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** The media types accepted, each with the name a refusal lists it under ({@link IMAGE_FILE_TYPES} by default). */
  types?: Readonly<Record<string, string>>;
}

const fileIssue = (detail: string) => unprocessable([{ pointer: attributePointer('file'), detail }]);

/** A picture over the limit: 413 pointing at the file. */
function tooLarge(maxBytes: number): JsonApiException {
  return new JsonApiException(413, [
    {
      status: '413',
      title: 'Payload Too Large',
      detail: `The image is larger than the limit of ${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`,
      source: { pointer: attributePointer('file') },
    },
  ]);
}

/**
 * The picture being received, handed to the `use` of {@link receiveImage}: the text fields sent
 * before it, and its content (type checked) to store or to read whole, once.
 */
export class ImagePart {
  /** The blob {@link storeIn} wrote: removed again when the upload fails afterwards. */
  stored?: { storage: BlobStorage; key: string };

  constructor(
    readonly fields: Readonly<Record<string, string>>,
    private readonly part: MultipartFile,
    private readonly options: ImageUploadOptions,
  ) {}

  private get types() {
    return this.options.types ?? IMAGE_FILE_TYPES;
  }

  /** Its type found in its first bytes, and all of it as a stream; a 422 naming the type when refused. */
  private async open(): Promise<{ mime: string; body: Readable }> {
    const { head, body } = await peekHead(this.part.file);
    const mime = detectContentType(head);
    if (mime === '') throw fileIssue('The file is empty');
    if (!Object.hasOwn(this.types, mime))
      throw fileIssue(
        `Files of type ${mime} are not accepted; allowed: ${Object.values(this.types).join(', ')}`,
      );
    return { mime, body };
  }

  /** Streams the picture into `storage` under `key` (bounded by the limit). */
  async storeIn(storage: BlobStorage, key: string): Promise<{ size: number; mime: string }> {
    const { mime, body } = await this.open();
    this.stored = { storage, key };
    const stored = await storage.put(key, body, { contentType: mime, maxBytes: this.options.maxBytes });
    if (this.part.file.truncated) throw new BlobTooLargeError(this.options.maxBytes);
    return { size: stored.size, mime };
  }

  /** The whole picture in memory (bounded by the limit), to be transformed before it is stored. */
  async read(): Promise<{ bytes: Buffer; mime: string }> {
    const { mime, body } = await this.open();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.options.maxBytes) throw new BlobTooLargeError(this.options.maxBytes);
      chunks.push(chunk);
    }
    if (this.part.file.truncated) throw new BlobTooLargeError(this.options.maxBytes);
    return { bytes: Buffer.concat(chunks), mime };
  }
}

/**
 * Reads a `multipart/form-data` request whose picture is in a part named `file` (short text
 * fields may come before it) and hands it to `use`, which checks what it must (who may upload)
 * and then stores it ({@link ImagePart.storeIn}) or reads it ({@link ImagePart.read}). When
 * anything fails the rest of the file is drained, a blob stored by `storeIn` is removed, and the
 * error is thrown as the JSON:API error it means.
 */
export async function receiveImage<T>(
  request: FastifyRequest,
  options: ImageUploadOptions,
  use: (image: ImagePart) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw badRequest('An image upload is multipart/form-data with the image in a part named "file"');
  const parts = request.parts({
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 11 },
  });
  const fields: Record<string, string> = {};
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      await drain(part.file);
      throw fileIssue(`The image goes in a part named "file", not "${part.fieldname}"`);
    }
    const image = new ImagePart(fields, part, options);
    try {
      return await use(image);
    } catch (error) {
      await drain(part.file);
      if (image.stored) await removeQuietly(image.stored.storage, image.stored.key);
      const code = (error as { code?: string } | null)?.code;
      if (error instanceof BlobTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge(options.maxBytes);
      throw error;
    }
  }
  throw fileIssue('The image is required');
}

/** A stored picture to answer: its bytes, type and size. */
export interface StoredImage {
  body: NodeJS.ReadableStream;
  mime: string;
  size: number;
}

/**
 * Answers a stored picture as it is, to an `<img>`: shown inline, never sniffed as another type,
 * and cached for good (a picture never changes under its random name).
 */
export function sendImage(reply: FastifyReply, image: StoredImage) {
  return reply
    .header('content-type', image.mime)
    .header('content-length', String(image.size))
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(image.body);
}

/** The OpenAPI responses of {@link sendImage}. */
export const IMAGE_RESPONSES = {
  '200': {
    description: 'The image (PNG, JPEG, GIF or WebP)',
    content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
  },
};

/** A stored picture's name in its address: the random UUID of its storage key. */
export const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
