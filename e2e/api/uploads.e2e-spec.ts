import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request } from 'undici';
import { ApiClient, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/** A lecturer's file goes through the gateway to the course service's store and back. */
describe('file contents through the gateway', () => {
  let platform: TestPlatform;
  let api: ApiClient;
  let lecturer: string;
  let student: string;

  const signIn = async (username: string) => {
    const response = await api.post('/api/user/auth/login', { username, password: 'lms-demo' });
    return (response.body.data as JsonResource).attributes.access_token as string;
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = new ApiClient(platform.url).at('localhost');
    lecturer = await signIn('lecturer');
    student = await signIn('student1');
  });

  afterAll(async () => {
    await platform.stop();
  });

  /** multipart/form-data by hand, sent with `Expect: 100-continue` as curl does for large files. */
  async function upload(token: string, file: Buffer, name: string) {
    const boundary = `----lms${randomBytes(8).toString('hex')}`;
    const field = (key: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(field('contentable_type', 'activity') + field('contentable_id', '1')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // node:http, since undici refuses the Expect header; the body goes after `100 Continue`.
    return new Promise<{ status: number; body: { data: JsonResource } }>((resolve, reject) => {
      const sent = httpRequest(
        `${platform.url}/api/course/contents/upload`,
        {
          method: 'POST',
          headers: {
            host: 'localhost',
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
            expect: '100-continue',
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      sent.on('continue', () => sent.end(body));
      sent.on('error', reject);
    });
  }

  it('stores a 3 MB PDF larger than the gateway body limit and lets an enrolled student download it', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(3 * 1024 * 1024),
      Buffer.from('\n%%EOF'),
    ]);
    const uploaded = await upload(lecturer, pdf, 'week-1.pdf');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.data.id;

    const redirect = await api.as(student).get(`/api/course/contents/${id}/download`);
    expect(redirect.status).toBe(302);
    const location = String(redirect.headers.location);
    const file = await request(new URL(location, platform.url), { headers: { host: 'localhost' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="week-1.pdf"; filename*=UTF-8''week-1.pdf`,
    );
    expect(Buffer.from(await file.body.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses a student upload and keeps nothing', async () => {
    const refused = await upload(student, Buffer.from('%PDF-1.4\nx'), 'x.pdf');
    expect(refused.status).toBe(403);
  });
});
