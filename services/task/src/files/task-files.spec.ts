import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { JsonApiException } from '@lms/jsonapi';
import { LocalDiskStorage, type Upload } from '@lms/storage';
import { TaskConfig } from '../config';
import { TaskFiles } from './task-files';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The task service's uploads (FileUploads of @lms/storage, tested there) as TaskConfig sets them. */
describe('TaskFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'task-files-'));
  const storage = new LocalDiskStorage({ root, signingSecret: 'x'.repeat(32), publicBaseUrl: '/blobs' });
  const config = Object.assign(new TaskConfig(), { fileMaxBytes: 64 * 1024 });
  const files = new TaskFiles(config, storage);
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    await storage.open();
    app = Fastify();
    await app.register(multipart, { throwFileSizeLimit: true });
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof JsonApiException) return reply.status(error.getStatus()).send(error.getResponse());
      return reply.status(500).send({ message: String(error) });
    });
    app.post('/upload', async (request) =>
      files.withUpload(request, { tenantId: 7, area: 'answers' }, async (upload: Upload) => upload),
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function post(name: string, bytes: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${base}/upload`, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('keeps documents under task/<campus>/<area>/ and refuses others by their bytes', async () => {
    const pdf = await post('essay.pdf', PDF);
    expect(pdf.status).toBe(200);
    expect((pdf.body as unknown as Upload).files).toEqual([
      {
        key: expect.stringMatching(/^task\/7\/answers\/[0-9a-f-]{36}$/),
        name: 'essay.pdf',
        size: PDF.length,
        mime: 'application/pdf',
      },
    ]);
    expect((await post('photo.png', PNG)).status).toBe(200);
    const exe = await post('essay.pdf', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0]));
    expect(exe.status).toBe(422);
  });

  it('refuses a file over TASK_FILE_MAX_BYTES with a 413 on file', async () => {
    const response = await post('big.pdf', Buffer.concat([PDF, Buffer.alloc(70 * 1024, 0x20)]));
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/file' },
        detail: 'A file is larger than the limit of 64 KB',
      }),
    ]);
  });
});
