import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'minio';
import {
  assertKey,
  BlobNotFoundError,
  limitSize,
  type BlobInfo,
  type BlobStorage,
  contentDisposition,
  type PresignGetOptions,
  type PutOptions,
} from './storage';

export interface S3StorageOptions {
  /** e.g. http://127.0.0.1:9000 */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /**
   * The address browsers reach the store at, when it differs from `endpoint` (a compose or
   * cluster-internal name): presigned URLs are signed for this host.
   */
  publicEndpoint?: string;
}

const clientFor = (endpoint: string, options: S3StorageOptions, region: string) => {
  const url = new URL(endpoint);
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    useSSL: url.protocol === 'https:',
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region,
  });
};

const notFound = (error: unknown) =>
  ['NoSuchKey', 'NotFound', 'NoSuchObject'].includes((error as { code?: string }).code ?? '');

/** MinIO, or any S3-compatible store, behind the storage port (stack mode and Kubernetes). */
export class S3Storage implements BlobStorage {
  private readonly client: Client;
  /** Signs presigned URLs (no request is made: the region is given). */
  private readonly signer: Client;
  private readonly region: string;

  constructor(private readonly options: S3StorageOptions) {
    this.region = options.region ?? 'us-east-1';
    this.client = clientFor(options.endpoint, options, this.region);
    this.signer = options.publicEndpoint
      ? clientFor(options.publicEndpoint, options, this.region)
      : this.client;
  }

  async open(): Promise<void> {
    if (!(await this.client.bucketExists(this.options.bucket)))
      await this.client.makeBucket(this.options.bucket, this.region).catch(async (error: unknown) => {
        // Another replica created it meanwhile.
        if (!(await this.client.bucketExists(this.options.bucket))) throw error;
      });
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions): Promise<BlobInfo> {
    assertKey(key);
    const limiter = limitSize(options.maxBytes);
    const counted = new PassThrough();
    const feeding = pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, limiter, counted);
    const upload = this.client.putObject(this.options.bucket, key, counted, undefined, {
      'Content-Type': options.contentType,
    });
    try {
      await feeding;
    } catch (error) {
      // Refused size or failed source: the upload never completes, so no object appears
      // (a multipart upload already begun is aborted by the store's stale-upload cleanup).
      upload.catch(() => undefined);
      throw error;
    }
    await upload;
    return { key, size: limiter.bytes(), contentType: options.contentType };
  }

  async get(key: string): Promise<Readable> {
    assertKey(key);
    try {
      return await this.client.getObject(this.options.bucket, key);
    } catch (error) {
      if (notFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo> {
    assertKey(key);
    try {
      const info = await this.client.statObject(this.options.bucket, key);
      const meta = info.metaData as Record<string, string>;
      return { key, size: info.size, contentType: meta['content-type'] ?? 'application/octet-stream' };
    } catch (error) {
      if (notFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    await this.client.removeObject(this.options.bucket, key);
  }

  /** A download name becomes the signed `response-content-disposition` the store answers with. */
  presignGet(key: string, expirySeconds: number, options: PresignGetOptions = {}): Promise<string> {
    assertKey(key);
    const headers: Record<string, string> = {};
    if (options.downloadName !== undefined)
      headers['response-content-disposition'] = contentDisposition(options.downloadName);
    return this.signer.presignedGetObject(this.options.bucket, key, expirySeconds, headers);
  }

  presignPut(key: string, expirySeconds: number): Promise<string> {
    assertKey(key);
    return this.signer.presignedPutObject(this.options.bucket, key, expirySeconds);
  }
}
