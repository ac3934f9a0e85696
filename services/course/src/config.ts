import { ConfigReader } from '@lms/platform';

/** Where the course service keeps its files: MinIO/S3 when an endpoint is set, else local disk. */
export interface CourseBlobConfig {
  /** `S3_ENDPOINT`; unset: files go to `<DATA_DIR>/blobs/course` (all-in-one mode). */
  s3Endpoint?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
  s3Bucket: string;
  s3Region?: string;
  /** Signs local-disk download links; unset: a secret kept under DATA_DIR. */
  signingSecret?: string;
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

  static fromEnv(env: NodeJS.ProcessEnv = process.env): CourseConfig {
    const read = new ConfigReader(env);
    const s3Endpoint = read.optional('S3_ENDPOINT');
    const maxUploadMb = read.int('MAX_UPLOAD_MB', 100);
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
        signingSecret: read.optional('BLOB_SIGNING_SECRET'),
      },
    });
    read.done('course');
    if (maxUploadMb < 1 || maxUploadMb > 1024)
      throw new Error(`course: invalid configuration: MAX_UPLOAD_MB must be between 1 and 1024`);
    return config;
  }
}
