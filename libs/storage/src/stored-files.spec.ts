import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.storage';
import { BlobNotFoundError, BlobTooLargeError } from './storage';
import { linkToStored, putWritten } from './stored-files';

describe('putWritten and linkToStored', () => {
  const root = mkdtempSync(join(tmpdir(), 'stored-files-'));
  const storage = new LocalDiskStorage({ root, signingSecret: 'x'.repeat(32), publicBaseUrl: '/blobs' });
  const text = { contentType: 'text/plain', maxBytes: 64 };
  beforeAll(() => storage.open());
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('stores what the writer writes as it writes it, and answers what the writer answered', async () => {
    const made = await putWritten(storage, 'a/ok.txt', text, async (out) => {
      out.write('one ');
      await new Promise((resolve) => setImmediate(resolve));
      out.write('two');
      return 2;
    });
    expect(made).toEqual({ stored: expect.objectContaining({ key: 'a/ok.txt', size: 7 }), result: 2 });
    expect(await read('a/ok.txt')).toBe('one two');
    expect(await linkToStored(storage, 'a/ok.txt', 60, 'ok.txt')).toMatch(/^\/blobs\//);
  });

  it('stores nothing when the writer fails', async () => {
    const failing = putWritten(storage, 'a/broken.txt', text, async (out) => {
      out.write('half');
      throw new Error('the writer broke');
    });
    await expect(failing).rejects.toThrow('the writer broke');
    await expect(storage.stat('a/broken.txt')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await linkToStored(storage, 'a/broken.txt', 60, 'broken.txt')).toBeNull();
  });

  it('stores nothing and stops the writer when the store refuses the size', async () => {
    const failing = putWritten(storage, 'a/big.txt', text, async (out) => {
      for (let n = 0; n < 10; n++) {
        out.write('0123456789abcdef');
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await expect(failing).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(storage.stat('a/big.txt')).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});
