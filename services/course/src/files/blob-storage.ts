import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  type BlobStorage,
  LocalDiskStorage,
  loadOrCreateSigningSecret,
  registerBlobRoutes,
  S3Storage,
} from '@lms/storage';
import type { OpenApiPaths } from '@lms/platform';
import type { CourseConfig } from '../config';

/** Injection token of the course service's blob store. */
export const BLOB_STORAGE = Symbol('BLOB_STORAGE');

/**
 * Where the local-disk store's presigned links are served: under the service's own gateway
 * prefix (`/api/course`, forwarded unchanged), so the browser follows a relative link on the
 * same origin. The last segment is the store's name.
 */
export const BLOB_ROUTES_PREFIX = '/api/course/blobs';
export const BLOB_STORE_NAME = 'course';

const ERROR = {
  description: 'The link is invalid or expired, or the file does not exist (JSON:API error)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
};
const STORE = {
  name: 'store',
  in: 'path',
  required: true,
  schema: { type: 'string', enum: [BLOB_STORE_NAME] },
};
const TOKEN = {
  name: 'token',
  in: 'path',
  required: true,
  description: 'The signed token of a link handed out by the API',
  schema: { type: 'string' },
};

/** The presigned links of the local-disk store (plain Fastify routes) in the OpenAPI document. */
export const BLOB_ROUTES_OPENAPI: OpenApiPaths = {
  [`${BLOB_ROUTES_PREFIX}/{store}/{token}`]: {
    get: {
      operationId: 'Blobs_download',
      tags: ['Blobs'],
      summary: 'Download a file by its signed link (all-in-one mode)',
      security: [],
      parameters: [STORE, TOKEN],
      responses: {
        '200': {
          description: 'The file',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '403': ERROR,
        '404': ERROR,
      },
    },
    put: {
      operationId: 'Blobs_upload',
      tags: ['Blobs'],
      summary: 'Upload a file to its signed link (all-in-one mode)',
      security: [],
      parameters: [STORE, TOKEN],
      requestBody: {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      responses: { '200': { description: 'Stored' }, '403': ERROR, '413': ERROR },
    },
  },
};

/** How long a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** MinIO/S3 when configured (stack mode), otherwise files under `<DATA_DIR>/blobs/course`. */
export async function openBlobStorage(config: CourseConfig): Promise<BlobStorage> {
  const blobs = config.blobs;
  const storage: BlobStorage = blobs.s3Endpoint
    ? new S3Storage({
        endpoint: blobs.s3Endpoint,
        accessKey: blobs.s3AccessKey ?? '',
        secretKey: blobs.s3SecretKey ?? '',
        bucket: blobs.s3Bucket,
        region: blobs.s3Region,
        publicEndpoint: blobs.s3PublicEndpoint,
      })
    : new LocalDiskStorage({
        root: join(config.dataDir, 'blobs', BLOB_STORE_NAME),
        // Stable across restarts: links handed out before a restart keep working.
        signingSecret: loadOrCreateSigningSecret(
          join(config.dataDir, 'keys', 'course-blob-signing.secret'),
          blobs.signingSecret,
        ),
        publicBaseUrl: `${BLOB_ROUTES_PREFIX}/${BLOB_STORE_NAME}`,
      });
  await storage.open();
  return storage;
}

/** Serves the local-disk store's presigned links on the service's own HTTP server. */
export function serveLocalBlobs(fastify: FastifyInstance, storage: BlobStorage, maxBytes: number): void {
  if (!(storage instanceof LocalDiskStorage)) return;
  registerBlobRoutes(fastify, {
    prefix: BLOB_ROUTES_PREFIX,
    stores: { [BLOB_STORE_NAME]: storage },
    maxBytes,
  });
}
