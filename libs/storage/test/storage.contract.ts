import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobNotFoundError, BlobTooLargeError, type BlobStorage } from '@lms/storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The contract every blob store passes (local disk and MinIO alike). `fetchUrl` performs an
 * HTTP request on a presigned URL the way a browser would.
 */
export function describeStorageContract(
  name: string,
  make: () => Promise<BlobStorage>,
  fetchUrl: (url: string, init?: RequestInit) => Promise<Response> = fetch,
) {
  describe(`${name} storage contract`, () => {
    let storage: BlobStorage;
    const key = (suffix = 'file.bin') => `contract/${randomBytes(6).toString('hex')}/${suffix}`;

    beforeAll(async () => {
      storage = await make();
      await storage.open();
      await storage.open(); // idempotent
    });

    it('stores a stream and gives back the same bytes, size and type', async () => {
      const body = randomBytes(300_000);
      const k = key('notes.pdf');
      const info = await storage.put(k, Readable.from([body.subarray(0, 1000), body.subarray(1000)]), {
        contentType: 'application/pdf',
        maxBytes: 1_000_000,
      });
      expect(info).toEqual({ key: k, size: body.length, contentType: 'application/pdf' });
      expect(await storage.stat(k)).toEqual(info);
      expect((await readAll(await storage.get(k))).equals(body)).toBe(true);
    });

    it('refuses a stream over the size limit and keeps nothing of it', async () => {
      const k = key();
      await expect(
        storage.put(k, Readable.from([randomBytes(600), randomBytes(600)]), {
          contentType: 'application/octet-stream',
          maxBytes: 1000,
        }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      await expect(storage.stat(k)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('answers not-found for a missing blob and after removal', async () => {
      const k = key();
      await expect(storage.get(k)).rejects.toBeInstanceOf(BlobNotFoundError);
      await storage.put(k, Buffer.from('x'), { contentType: 'text/plain', maxBytes: 10 });
      await storage.remove(k);
      await expect(storage.stat(k)).rejects.toBeInstanceOf(BlobNotFoundError);
      await storage.remove(k); // removing twice is fine
    });

    it('rejects keys that could escape their place', async () => {
      for (const bad of ['../etc/passwd', 'a/../../b', '/abs', 'dir/', ''])
        await expect(
          storage.put(bad, Buffer.from('x'), { contentType: 'text/plain', maxBytes: 10 }),
        ).rejects.toThrow('invalid blob key');
    });

    it('lets a presigned PUT upload and a presigned GET download, and nothing else', async () => {
      const k = key('upload.txt');
      const put = await storage.presignPut(k, 60);
      const uploaded = await fetchUrl(put, { method: 'PUT', body: 'hello from the browser' });
      expect(uploaded.status).toBe(200);
      const get = await storage.presignGet(k, 60);
      const downloaded = await fetchUrl(get);
      expect(downloaded.status).toBe(200);
      expect(await downloaded.text()).toBe('hello from the browser');

      const last = get.slice(-1);
      const tampered = await fetchUrl(`${get.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`);
      expect(tampered.status).toBeGreaterThanOrEqual(400);
      const wrongMethod = await fetchUrl(get, { method: 'PUT', body: 'overwrite' });
      expect(wrongMethod.status).toBeGreaterThanOrEqual(400);
    });

    it('answers a presigned GET with a download name as an attachment under that name', async () => {
      const k = key('blob');
      await storage.put(k, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf', maxBytes: 100 });
      const plain = await fetchUrl(await storage.presignGet(k, 60));
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-disposition')).toBeNull();
      expect(await plain.text()).toBe('%PDF-1.7');

      const named = await fetchUrl(
        await storage.presignGet(k, 60, { downloadName: 'Minggu 1 "Pengantar" – é.pdf' }),
      );
      expect(named.status).toBe(200);
      expect(named.headers.get('content-type')).toBe('application/pdf');
      expect(named.headers.get('content-disposition')).toBe(
        `attachment; filename="Minggu 1 _Pengantar_ _ _.pdf"; filename*=UTF-8''Minggu%201%20%22Pengantar%22%20%E2%80%93%20%C3%A9.pdf`,
      );
      expect(await named.text()).toBe('%PDF-1.7');
    });
  });
}
