import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';
import type { BlobStorage } from './storage';

/**
 * The blob store of a service: MinIO/S3 when `S3_ENDPOINT` is set (stack mode, Kubernetes),
 * otherwise a directory under `DATA_DIR` (all-in-one mode).
 */
export function storageFromEnv(service: string, env: NodeJS.ProcessEnv = process.env): BlobStorage {
  if (env.S3_ENDPOINT) {
    const missing = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((name) => !env[name]);
    if (missing.length > 0)
      throw new Error(`${service}: invalid configuration: ${missing.join(', ')} required with S3_ENDPOINT`);
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      accessKey: env.S3_ACCESS_KEY as string,
      secretKey: env.S3_SECRET_KEY as string,
      bucket: env.S3_BUCKET ?? `lms-${service}`,
      region: env.S3_REGION,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT,
    });
  }
  return new LocalDiskStorage({
    root: join(env.DATA_DIR ?? '.data', 'blobs', service),
    signingSecret: env.BLOB_SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    publicBaseUrl: `${(env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/$/, '')}/api/blobs/${service}`,
  });
}
