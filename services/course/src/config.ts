import { ConfigReader } from '@lms/platform';

/** Where the course service keeps its files: MinIO/S3 when an endpoint is set, else local disk. */
export interface CourseBlobConfig {
  /** `S3_ENDPOINT`; unset: files go to `<DATA_DIR>/blobs/course` (all-in-one mode). */
  s3Endpoint?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
  s3Bucket: string;
  s3Region?: string;
  /** `S3_PUBLIC_ENDPOINT`: the address browsers reach the store at; download links are signed for it. */
  s3PublicEndpoint?: string;
  /** Signs local-disk download links; unset: a secret kept under DATA_DIR. */
  signingSecret?: string;
}

/**
 * The university's academic information system (SIAKAD-like) that courses, classes and rosters
 * are synced from (`POST /api/sync/sync/syncByCourse`; the JSON it must answer is in
 * docs/operations.md, "Academic-system sync").
 */
export interface AcademicSyncConfig {
  /** `ACADEMIC_SYNC_URL`: base URL of its course API; unset, the sync answers 503. */
  url?: string;
  /** `ACADEMIC_SYNC_TOKEN`: sent as `Authorization: Bearer …`; unset, no credential is sent. */
  token?: string;
  /** `ACADEMIC_SYNC_TIMEOUT_MS`: how long one call may take, answer included (default 10 000). */
  timeoutMs: number;
}

/** The course service's configuration, read once at boot (see .env.example). */
export class CourseConfig {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  /** Root of the files the service keeps on disk (local blobs, the blob signing secret). */
  dataDir: string;
  /** Largest file a multipart upload may carry, in bytes (`MAX_UPLOAD_MB`). */
  maxUploadBytes: number;
  blobs: CourseBlobConfig;
  academicSync: AcademicSyncConfig;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): CourseConfig {
    const read = new ConfigReader(env);
    const s3Endpoint = read.optional('S3_ENDPOINT');
    const maxUploadMb = read.int('MAX_UPLOAD_MB', 100);
    const academicSyncUrl = read.optional('ACADEMIC_SYNC_URL');
    const config = Object.assign(new CourseConfig(), {
      port: read.int('PORT', 3002),
      databaseUrl: read.string('DATABASE_URL'),
      jwtPublicKey: read.string('JWT_PUBLIC_KEY').replace(/\\n/g, '\n'),
      dataDir: read.string('DATA_DIR', '.data'),
      maxUploadBytes: maxUploadMb * 1024 * 1024,
      blobs: {
        s3Endpoint,
        s3AccessKey: s3Endpoint ? read.string('S3_ACCESS_KEY') : undefined,
        s3SecretKey: s3Endpoint ? read.string('S3_SECRET_KEY') : undefined,
        s3Bucket: read.string('S3_BUCKET', 'lms-course'),
        s3Region: read.optional('S3_REGION'),
        s3PublicEndpoint: read.optional('S3_PUBLIC_ENDPOINT'),
        signingSecret: read.optional('BLOB_SIGNING_SECRET'),
      },
      academicSync: {
        url: academicSyncUrl,
        token: read.optional('ACADEMIC_SYNC_TOKEN'),
        timeoutMs: read.int('ACADEMIC_SYNC_TIMEOUT_MS', 10_000),
      },
    });
    read.done('course');
    if (maxUploadMb < 1 || maxUploadMb > 1024)
      throw new Error(`course: invalid configuration: MAX_UPLOAD_MB must be between 1 and 1024`);
    if (academicSyncUrl !== undefined && !isHttpUrl(academicSyncUrl))
      throw new Error(`course: invalid configuration: ACADEMIC_SYNC_URL must be an http(s) URL`);
    // Below the gateway's 60 s wait for an answer, so the caller gets our 504 rather than its own.
    const timeoutMs = config.academicSync.timeoutMs;
    if (timeoutMs < 100 || timeoutMs > 50_000)
      throw new Error(
        `course: invalid configuration: ACADEMIC_SYNC_TIMEOUT_MS must be between 100 and 50000`,
      );
    return config;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
