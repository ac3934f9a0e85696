import { Transform, type Readable } from 'node:stream';

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
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
  /** A URL that lets whoever holds it download the blob until it expires. */
  presignGet(key: string, expirySeconds: number): Promise<string>;
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
