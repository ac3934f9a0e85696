import { S3Storage } from '@lms/storage';
import { stackServer } from '@lms/testing';
import { describeStorageContract } from './storage.contract';

describeStorageContract('MinIO (S3)', async () => {
  const env = stackServer('minio');
  return new S3Storage({
    endpoint: env.S3_ENDPOINT,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    bucket: 'lms-contract-test',
  });
});
