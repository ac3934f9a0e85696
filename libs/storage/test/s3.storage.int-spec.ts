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

describe('MinIO presigned URLs for a public address', () => {
  it('signs for the address browsers use, and that address accepts the signature', async () => {
    const env = stackServer('minio');
    const internal = new URL(env.S3_ENDPOINT);
    const publicEndpoint = `http://localhost:${internal.port}`;
    const storage = new S3Storage({
      endpoint: env.S3_ENDPOINT,
      publicEndpoint,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      bucket: 'lms-contract-test',
    });
    await storage.open();
    await storage.put('public/hello.txt', Buffer.from('hello'), { contentType: 'text/plain', maxBytes: 10 });
    const url = await storage.presignGet('public/hello.txt', 60);
    expect(url.startsWith(`${publicEndpoint}/`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');
  });
});
