import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { LocalDiskStorage, registerBlobRoutes } from '@lms/storage';
import { describeStorageContract } from './storage.contract';

const root = mkdtempSync(join(tmpdir(), 'lms-blobs-'));
// Closing drops keep-alive connections too: a download's socket may still be finishing its
// response when the last test ends (the client has every byte), and would then be kept open.
const server = Fastify({ forceCloseConnections: true });
const stores: Record<string, LocalDiskStorage> = {};
registerBlobRoutes(server, { prefix: '/api/blobs', stores, maxBytes: 1_000_000 });

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describeStorageContract('local disk', async () => {
  const base = await server.listen({ port: 0, host: '127.0.0.1' });
  stores.course = new LocalDiskStorage({
    root,
    signingSecret: 'test-secret',
    publicBaseUrl: `${base}/api/blobs/course`,
  });
  return stores.course;
});

describe('local disk presigned tokens', () => {
  const storage = new LocalDiskStorage({ root, signingSecret: 's', publicBaseUrl: 'http://x/b' });
  const tokenOf = async (url: Promise<string>) => (await url).split('/').pop() as string;

  it('verifies the method, the signature and the expiry', async () => {
    const token = await tokenOf(storage.presignGet('a/b.txt', 60));
    expect(storage.verify(token, 'GET')).toEqual({ key: 'a/b.txt', method: 'GET' });
    expect(storage.verify(token, 'PUT')).toBeNull();
    expect(storage.verify(token, 'GET', Date.now() + 61_000)).toBeNull();
    const other = new LocalDiskStorage({ root, signingSecret: 'other', publicBaseUrl: '' });
    expect(other.verify(token, 'GET')).toBeNull();
    expect(storage.verify('garbage', 'GET')).toBeNull();
  });

  it('signs the download name with the rest', async () => {
    const token = await tokenOf(storage.presignGet('a/b.txt', 60, { downloadName: 'Notes é.txt' }));
    expect(storage.verify(token, 'GET')).toEqual({
      key: 'a/b.txt',
      method: 'GET',
      downloadName: 'Notes é.txt',
    });
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const renamed = Buffer.from(JSON.stringify({ ...claims, d: 'other.exe' })).toString('base64url');
    expect(storage.verify(`${renamed}.${signature}`, 'GET')).toBeNull();
  });
});
