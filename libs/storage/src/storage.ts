import { Transform, type Readable } from 'node:stream';

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
}

/** How a presigned download is answered. */
export interface PresignGetOptions {
  /**
   * The name the browser saves the file under: the download answers
   * `Content-Disposition: attachment` with it (see {@link contentDisposition}).
   */
  downloadName?: string;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (and store nothing) once the stream passes this many bytes. */
  maxBytes: number;
}

/**
 * The port every blob store implements: local disk in all-in-one mode, MinIO (S3) in stack mode
 * and on Kubernetes. Keys are paths of letters, digits and `/_.-`, chosen by the owning service.
 */
export interface BlobStorage {
  /** Creates the bucket (or directory) if needed; call once at start-up. */
  open(): Promise<void>;
  put(key: string, body: Readable | Buffer, options: PutOptions): Promise<BlobInfo>;
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<BlobInfo>;
  remove(key: string): Promise<void>;
  /**
   * A URL that lets whoever holds it download the blob until it expires; with a `downloadName`
   * the download is an attachment saved under that name.
   */
  presignGet(key: string, expirySeconds: number, options?: PresignGetOptions): Promise<string>;
  /** A URL that lets whoever holds it upload this one blob until it expires. */
  presignPut(key: string, expirySeconds: number): Promise<string>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob "${key}" does not exist`);
  }
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

const KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,511}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.endsWith('/')) throw new Error(`invalid blob key "${key}"`);
}

/** Passes bytes through and fails the stream as soon as more than `maxBytes` went by. */
export function limitSize(maxBytes: number): Transform & { bytes(): number } {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new BlobTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.assign(limiter, { bytes: () => seen });
}

/** Control characters never go into a header. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** Half of a surrogate pair without the other half (not encodable as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `Content-Disposition: attachment` for a file saved as `name` (RFC 6266): a plain-ASCII
 * `filename` for old clients (other characters, quotes and backslashes become `_`) and the exact
 * name as `filename*=UTF-8''…` (RFC 8187). Control characters are dropped; an empty name is `file`.
 */
export function contentDisposition(name: string): string {
  const clean = name.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD').trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
