import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { JsonApiException } from '@lms/jsonapi';
import { LocalDiskStorage } from '../local-disk.storage';
import { cleanFileName, fileByKey, FileUploads, formatBytes, type Upload } from './file-uploads';
import { sniffDocument } from './file-types';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A ZIP whose first entry is stored uncompressed: `name` holding `content` (as ODF's `mimetype`). */
function zipWithFirstEntry(name: string, content: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from(content), Buffer.alloc(64)]);
}

describe('sniffDocument', () => {
  it('names a file by its bytes, ODF by its mimetype entry and Markdown by text named .md', () => {
    expect(sniffDocument(PDF, 'essay.docx')).toBe('application/pdf');
    expect(sniffDocument(PNG, 'x.pdf')).toBe('image/png');
    expect(
      sniffDocument(zipWithFirstEntry('mimetype', 'application/vnd.oasis.opendocument.text'), 'a.odt'),
    ).toBe('application/vnd.oasis.opendocument.text');
    expect(sniffDocument(zipWithFirstEntry('src/main.c', 'int main;'), 'code.zip')).toBe('application/zip');
    expect(sniffDocument(Buffer.from('# Title\n\nSome *text*.'), 'notes.md')).toBe('text/markdown');
    expect(sniffDocument(Buffer.from('# Title\n\nSome *text*.'), 'notes.txt')).toBe('text/plain');
    expect(sniffDocument(Buffer.from('<html><script>alert(1)</script>'), 'page.md')).toBe('text/html');
    expect(sniffDocument(Buffer.from([0x4d, 0x5a, 0x90, 0]), 'setup.pdf')).toBe('application/x-msdownload');
  });

  it('cleans names and finds a row’s file by its key or the key’s last segment', () => {
    expect(cleanFileName('C:\\fakepath\\essay\u0007.pdf')).toBe('essay.pdf');
    expect(cleanFileName('  ')).toBe('file');
    const files = [{ key: 'task/1/answers/abc-1', name: 'a.pdf', size: 3, mime: 'application/pdf' }];
    expect(fileByKey(files, 'abc-1')).toBe(files[0]);
    expect(fileByKey(files, 'task/1/answers/abc-1')).toBe(files[0]);
    expect(() => fileByKey(files, 'abc')).toThrow(JsonApiException);
    expect(() => fileByKey(files, '')).toThrow(JsonApiException);
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});

/** FileUploads on a real Fastify with @fastify/multipart and a local-disk store. */
describe('FileUploads', () => {
  const root = mkdtempSync(join(tmpdir(), 'file-uploads-'));
  const storage = new LocalDiskStorage({ root, signingSecret: 'x'.repeat(32), publicBaseUrl: '/blobs' });
  let maxBytes = 64 * 1024;
  const files = new FileUploads({ storage, keyPrefix: 'task', maxBytes: () => maxBytes });
  /** A caller that takes pictures only, up to 1 KB. */
  const pictures = new FileUploads({
    storage,
    keyPrefix: 'course',
    maxBytes: 1024,
    types: { 'image/png': 'PNG', 'image/jpeg': 'JPEG' },
  });
  let app: FastifyInstance;
  let base: string;
  /** What the route's `use` saw, and whether it refused. */
  let refuse = false;

  beforeAll(async () => {
    await storage.open();
    app = Fastify();
    await app.register(multipart, { throwFileSizeLimit: true });
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof JsonApiException) return reply.status(error.getStatus()).send(error.getResponse());
      return reply.status(500).send({ message: String(error) });
    });
    app.post('/upload', async (request) =>
      files.withUpload(request, { tenantId: 7, area: 'answers', maxFiles: 2 }, async (upload: Upload) => {
        if (refuse)
          throw new JsonApiException(409, [{ status: '409', title: 'Conflict', detail: 'refused' }]);
        return upload;
      }),
    );
    app.post('/pictures', async (request) =>
      pictures.withUpload(request, { tenantId: 7, area: 'formanswers' }, async (upload) => upload),
    );
    app.get('/download', async (request, reply) => {
      const { key, inline } = request.query as { key: string; inline?: string };
      return files.send(
        reply,
        { key, name: 'Tugas 1 – esai.pdf', size: PDF.length, mime: 'application/pdf' },
        {
          inline: inline === '1',
        },
      );
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const stored = () => {
    const dir = join(root, 'task', '7', 'answers');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  async function post(parts: Array<[string, Buffer | string, string?]>, path = '/upload') {
    const form = new FormData();
    for (const [name, value, filename] of parts)
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)]), filename ?? 'file.bin');
    const response = await fetch(`${base}${path}`, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('stores files judged by their bytes with the fields beside them', async () => {
    const response = await post([
      ['task_id', '12'],
      ['files[]', 'task/7/answers/kept'],
      ['files[]', 'task/7/answers/kept-2'],
      ['file', PDF, 'C:\\fakepath\\essay.pdf'],
      ['file', Buffer.from('# Notes'), 'notes.md'],
    ]);
    expect(response.status).toBe(200);
    const upload = response.body as unknown as Upload;
    expect(upload.fields).toEqual({
      task_id: '12',
      'files[]': ['task/7/answers/kept', 'task/7/answers/kept-2'],
    });
    expect(upload.files).toEqual([
      {
        key: expect.stringMatching(/^task\/7\/answers\/[0-9a-f-]{36}$/),
        name: 'essay.pdf',
        size: PDF.length,
        mime: 'application/pdf',
      },
      { key: expect.stringMatching(/^task\/7\/answers\//), name: 'notes.md', size: 7, mime: 'text/markdown' },
    ]);
    expect((await storage.stat(upload.files[0].key)).size).toBe(PDF.length);

    const download = await fetch(`${base}/download?key=${encodeURIComponent(upload.files[0].key)}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Tugas 1 _ esai.pdf"; filename*=UTF-8''Tugas%201%20%E2%80%93%20esai.pdf`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    const inline = await fetch(`${base}/download?inline=1&key=${encodeURIComponent(upload.files[0].key)}`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    await inline.arrayBuffer();
    expect((await fetch(`${base}/download?key=task/7/answers/none`)).status).toBe(404);
  });

  it('refuses a type not allowed, an empty file or a wrong part with a 422 on file, keeping nothing', async () => {
    const before = stored();
    const exe = await post([
      ['file', PDF, 'ok.pdf'],
      ['file', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0]), 'essay.pdf'],
    ]);
    expect(exe.status).toBe(422);
    expect(exe.body.errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/file' },
        detail: expect.stringMatching(
          /^essay\.pdf: files of type application\/x-msdownload are not accepted; allowed: PDF, PNG/,
        ),
      }),
    ]);
    const empty = await post([['file', Buffer.alloc(0), 'empty.pdf']]);
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([expect.objectContaining({ detail: 'empty.pdf is empty' })]);
    const wrongPart = await post([['attachment', PDF, 'a.pdf']]);
    expect(wrongPart.status).toBe(422);
    const tooMany = await post([
      ['file', PDF],
      ['file', PDF],
      ['file', PDF],
    ]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual([
      expect.objectContaining({ detail: 'At most 2 files may be sent at once' }),
    ]);
    expect(stored()).toBe(before);
  });

  it('refuses a file over the limit with a 413 on file and keeps nothing of the request', async () => {
    const before = stored();
    const big = Buffer.concat([PDF, Buffer.alloc(70 * 1024, 0x20)]);
    const response = await post([
      ['file', PNG, 'first.png'],
      ['file', big, 'big.pdf'],
    ]);
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/file' },
        detail: 'A file is larger than the limit of 64 KB',
      }),
    ]);
    expect(stored()).toBe(before);
  });

  it('removes the stored files when the caller refuses the request', async () => {
    const before = stored();
    refuse = true;
    try {
      expect((await post([['file', PDF, 'a.pdf']])).status).toBe(409);
    } finally {
      refuse = false;
    }
    expect(stored()).toBe(before);
  });

  it('reads the limit on every upload', async () => {
    maxBytes = 1024;
    try {
      const response = await post([['file', Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]), 'a.pdf']]);
      expect(response.status).toBe(413);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ detail: 'A file is larger than the limit of 1 KB' }),
      ]);
    } finally {
      maxBytes = 64 * 1024;
    }
  });

  it('takes the types and the limit its caller chose, under its own key prefix', async () => {
    const png = await post([['file', PNG, 'photo.png']], '/pictures');
    expect(png.status).toBe(200);
    expect((png.body as unknown as Upload).files).toEqual([
      {
        key: expect.stringMatching(/^course\/7\/formanswers\/[0-9a-f-]{36}$/),
        name: 'photo.png',
        size: PNG.length,
        mime: 'image/png',
      },
    ]);
    const pdf = await post([['file', PDF, 'essay.pdf']], '/pictures');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/file' },
        detail: 'essay.pdf: files of type application/pdf are not accepted; allowed: PNG, JPEG',
      }),
    ]);
    const big = await post([['file', Buffer.concat([PNG, Buffer.alloc(2048)]), 'big.png']], '/pictures');
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual([
      expect.objectContaining({ detail: 'A file is larger than the limit of 1 KB' }),
    ]);
  });
});
