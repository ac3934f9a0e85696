import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { OpenApiPaths } from '@lms/platform';
import { registerBlobRoutes } from './blob-routes';
import { loadOrCreateSigningSecret } from './content-type';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';
import type { BlobStorage } from './storage';

/** Where a service keeps its files: MinIO/S3 when an endpoint is set, else local disk. */
export interface ServiceBlobConfig {
  /** `DATA_DIR`: local blobs go to `<DATA_DIR>/blobs/<service>`, the signing secret to `keys/`. */
  dataDir: string;
  /** `S3_ENDPOINT`; unset: files on local disk (all-in-one mode). */
  s3Endpoint?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
  /** `S3_BUCKET`, `lms-<service>` by default. */
  s3Bucket: string;
  s3Region?: string;
  /** `S3_PUBLIC_ENDPOINT`: the address browsers reach the store at; download links are signed for it. */
  s3PublicEndpoint?: string;
  /** `BLOB_SIGNING_SECRET`: signs local-disk links; unset: a secret kept under DATA_DIR. */
  signingSecret?: string;
}

/**
 * The environment variables of a blob store, as a service's config schema reads them (each service
 * declares them itself, so the deployment checks see which service reads what): `DATA_DIR`,
 * `S3_ENDPOINT`, `S3_ACCESS_KEY`, `S3_SECRET_KEY`, `S3_BUCKET`, `S3_REGION`, `S3_PUBLIC_ENDPOINT`,
 * `BLOB_SIGNING_SECRET`.
 */
export interface BlobVars {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET: string;
  S3_REGION?: string;
  S3_PUBLIC_ENDPOINT?: string;
  BLOB_SIGNING_SECRET?: string;
}

/** `superRefine` of a config schema: S3 keys are required once S3_ENDPOINT is set. */
export function checkBlobEnv(vars: BlobVars, ctx: z.RefinementCtx): void {
  if (vars.S3_ENDPOINT === undefined) return;
  for (const name of ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const)
    if (vars[name] === undefined)
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required with S3_ENDPOINT' });
}

export function blobConfigOf(vars: BlobVars): ServiceBlobConfig {
  return {
    dataDir: vars.DATA_DIR,
    s3Endpoint: vars.S3_ENDPOINT,
    s3AccessKey: vars.S3_ENDPOINT ? vars.S3_ACCESS_KEY : undefined,
    s3SecretKey: vars.S3_ENDPOINT ? vars.S3_SECRET_KEY : undefined,
    s3Bucket: vars.S3_BUCKET,
    s3Region: vars.S3_REGION,
    s3PublicEndpoint: vars.S3_PUBLIC_ENDPOINT,
    signingSecret: vars.BLOB_SIGNING_SECRET,
  };
}

/**
 * Where a service's local-disk store answers its presigned links: under the service's own gateway
 * prefix (`/api/<service>/blobs/<service>`, forwarded unchanged), so the browser follows a
 * relative link on the same origin.
 */
export function blobRoutesPrefix(service: string): string {
  return `/api/${service}/blobs`;
}

/**
 * The blob store of `service`: MinIO/S3 when configured (stack mode, Kubernetes), otherwise
 * files under `<DATA_DIR>/blobs/<service>` with links signed by a secret that survives restarts.
 */
export async function openServiceStorage(service: string, config: ServiceBlobConfig): Promise<BlobStorage> {
  const storage: BlobStorage = config.s3Endpoint
    ? new S3Storage({
        endpoint: config.s3Endpoint,
        accessKey: config.s3AccessKey ?? '',
        secretKey: config.s3SecretKey ?? '',
        bucket: config.s3Bucket,
        region: config.s3Region,
        publicEndpoint: config.s3PublicEndpoint,
      })
    : new LocalDiskStorage({
        root: join(config.dataDir, 'blobs', service),
        // Stable across restarts: links handed out before a restart keep working.
        signingSecret: loadOrCreateSigningSecret(
          join(config.dataDir, 'keys', `${service}-blob-signing.secret`),
          config.signingSecret,
        ),
        publicBaseUrl: `${blobRoutesPrefix(service)}/${service}`,
      });
  await storage.open();
  return storage;
}

/** Serves a local-disk store's presigned links on the service's own HTTP server (nothing for S3). */
export function serveServiceBlobs(
  fastify: FastifyInstance,
  service: string,
  storage: BlobStorage,
  maxBytes: number,
): void {
  if (!(storage instanceof LocalDiskStorage)) return;
  registerBlobRoutes(fastify, {
    prefix: blobRoutesPrefix(service),
    stores: { [service]: storage },
    maxBytes,
  });
}

/** The presigned links of a service's local-disk store (plain Fastify routes) in its OpenAPI document. */
export function blobRoutesOpenApi(service: string): OpenApiPaths {
  const Service = `${service[0].toUpperCase()}${service.slice(1)}`;
  const error = {
    description: 'The link is invalid or expired, or the file does not exist (JSON:API error)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
  };
  const store = { name: 'store', in: 'path', required: true, schema: { type: 'string', enum: [service] } };
  const token = {
    name: 'token',
    in: 'path',
    required: true,
    description: 'The signed token of a link handed out by the API',
    schema: { type: 'string' },
  };
  return {
    [`${blobRoutesPrefix(service)}/{store}/{token}`]: {
      get: {
        operationId: `Blobs_download${Service}`,
        tags: ['Blobs'],
        summary: 'Download a file by its signed link (all-in-one mode)',
        security: [],
        parameters: [store, token],
        responses: {
          '200': {
            description: 'The file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          '403': error,
          '404': error,
        },
      },
      put: {
        operationId: `Blobs_upload${Service}`,
        tags: ['Blobs'],
        summary: 'Upload a file to its signed link (all-in-one mode)',
        security: [],
        parameters: [store, token],
        requestBody: {
          required: true,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        responses: { '200': { description: 'Stored' }, '403': error, '413': error },
      },
    },
  };
}
