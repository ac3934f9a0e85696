import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  BlobNotFoundError,
  limitSize,
  type BlobInfo,
  type BlobStorage,
  type PresignGetOptions,
  type PutOptions,
} from './storage';

export interface LocalDiskStorageOptions {
  /** Directory holding the blobs (kept across restarts). */
  root: string;
  /** Signs the presigned URLs; the server that serves them verifies with the same secret. */
  signingSecret: string;
  /** Where {@link serveLocalBlob} is mounted, e.g. `http://localhost:8080/api/blobs`. */
  publicBaseUrl: string;
}

export interface PresignedRequest {
  key: string;
  method: 'GET' | 'PUT';
  /** A GET answered as an attachment saved under this name. */
  downloadName?: string;
}

/**
 * Blobs as files under one directory, for the all-in-one mode. A write goes to a temporary file
 * renamed into place once complete, so a reader never sees half a blob and a crash leaves none.
 */
export class LocalDiskStorage implements BlobStorage {
  private readonly root: string;

  constructor(private readonly options: LocalDiskStorageOptions) {
    this.root = resolve(options.root);
  }

  async open(): Promise<void> {
    await mkdir(join(this.root, '.tmp'), { recursive: true });
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions): Promise<BlobInfo> {
    const path = this.pathOf(key);
    const temporary = join(this.root, '.tmp', randomBytes(12).toString('hex'));
    const limiter = limitSize(options.maxBytes);
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        limiter,
        createWriteStream(temporary),
      );
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType: options.contentType }));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { key, size: limiter.bytes(), contentType: options.contentType };
  }

  async get(key: string): Promise<Readable> {
    await this.stat(key);
    return createReadStream(this.pathOf(key));
  }

  async stat(key: string): Promise<BlobInfo> {
    const path = this.pathOf(key);
    try {
      const [info, meta] = await Promise.all([stat(path), readFile(`${path}.meta.json`, 'utf8')]);
      return { key, size: info.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
  }

  async presignGet(key: string, expirySeconds: number, options: PresignGetOptions = {}): Promise<string> {
    return this.presign(key, 'GET', expirySeconds, options.downloadName);
  }

  async presignPut(key: string, expirySeconds: number): Promise<string> {
    return this.presign(key, 'PUT', expirySeconds);
  }

  /** The request a presigned token allows, or null when it is forged, altered or expired. */
  verify(token: string, method: 'GET' | 'PUT', now = Date.now()): PresignedRequest | null {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return null;
    const expected = this.sign(payload);
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      k: string;
      m: string;
      e: number;
      d?: string;
    };
    if (claims.m !== method || claims.e * 1000 < now) return null;
    return claims.d === undefined
      ? { key: claims.k, method }
      : { key: claims.k, method, downloadName: claims.d };
  }

  /** The token's claims: key, method, expiry and (GET) the download name, all signed. */
  private presign(key: string, method: 'GET' | 'PUT', expirySeconds: number, downloadName?: string): string {
    assertKey(key);
    const payload = Buffer.from(
      JSON.stringify({
        k: key,
        m: method,
        e: Math.floor(Date.now() / 1000) + expirySeconds,
        ...(downloadName === undefined ? {} : { d: downloadName }),
      }),
    ).toString('base64url');
    return `${this.options.publicBaseUrl}/${payload}.${this.sign(payload).toString()}`;
  }

  private sign(payload: string): Buffer {
    return Buffer.from(createHmac('sha256', this.options.signingSecret).update(payload).digest('base64url'));
  }

  private pathOf(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }
}
