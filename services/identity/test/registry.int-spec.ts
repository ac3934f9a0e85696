import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonDocument, JsonResource } from '@lms/testing';
import { IdentityHarness } from './support/harness';

const TOKEN = 'registry-test-token';

/** How the fake registry answers one number. */
interface Reply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (a broken answer). */
  raw?: string;
  delayMs?: number;
}

/** The national registry as the adapter expects it: `GET <base>/lecturers?nidn=…`, `/students?nim=…`. */
class FakeRegistry {
  readonly requests: Array<{ url: URL; authorization: string | undefined }> = [];
  /** What is answered per number; an unknown number has no records. */
  readonly replies = new Map<string, Reply>();
  private readonly server: Server = createServer((request, response) => this.handle(request, response));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/pddikti/v1`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://registry.test');
    this.requests.push({ url, authorization: request.headers.authorization });
    const number = url.searchParams.get('nidn') ?? url.searchParams.get('nim') ?? '';
    const reply = this.replies.get(number) ?? { body: { data: [] } };
    const send = () => {
      if (response.destroyed) return;
      response
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
        .end(reply.raw ?? JSON.stringify(reply.body));
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
    else send();
  }
}

/** Operators check a lecturer's NIDN or a student's NIM in the national registry (spec 01 §7, §9). */
describe('national registry checks', () => {
  const registry = new FakeRegistry();
  let h: IdentityHarness;
  let unconfigured: IdentityHarness;

  beforeAll(async () => {
    await registry.start();
    h = await new IdentityHarness({ REGISTRY_URL: registry.url, REGISTRY_TOKEN: TOKEN }).start();
    unconfigured = await new IdentityHarness().start();
  });
  afterAll(async () => {
    await h?.stop();
    await unconfigured?.stop();
    await registry.stop();
  });

  async function check(
    harness: IdentityHarness,
    path: string,
    role: 'admin' | 'lptk' | 'lecturer' = 'admin',
  ) {
    const campus = await harness.campus();
    const operator = await harness.user(campus.id, role);
    return (await harness.as(operator)).get<JsonDocument>(`/api/admin/registry/${path}`);
  }

  it("answers the lecturers found under a NIDN, asking with the registry's credential and page size", async () => {
    registry.replies.set('0401017801', {
      body: {
        data: [
          {
            nidn: '0401017801',
            name: 'Dr. Ayu Lestari',
            institution: 'Universitas Negeri Contoh',
            study_programme: 'Informatika',
          },
        ],
      },
    });
    const response = await check(h, 'lecturers/0401017801');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      id: 'lecturer-0401017801',
      type: 'registry_checks',
      attributes: {
        kind: 'lecturer',
        number: '0401017801',
        found: true,
        records: [
          {
            name: 'Dr. Ayu Lestari',
            institution: 'Universitas Negeri Contoh',
            study_programme: 'Informatika',
          },
        ],
      },
    });
    const asked = registry.requests.at(-1)!;
    expect(asked.url.pathname).toBe('/pddikti/v1/lecturers');
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ nidn: '0401017801', page_size: '10' });
    expect(asked.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('answers found: false for a NIM the registry does not hold', async () => {
    const response = await check(h, 'students/2101234567', 'lptk');
    expect(response.status).toBe(200);
    expect((response.body.data as JsonResource).attributes).toEqual({
      kind: 'student',
      number: '2101234567',
      found: false,
      records: [],
    });
    expect(registry.requests.at(-1)!.url.pathname).toBe('/pddikti/v1/students');
  });

  it('gives up on a registry silent for 5 seconds with a 504 saying so', async () => {
    registry.replies.set('2101000001', { body: { data: [] }, delayMs: 6000 });
    const started = Date.now();
    const response = await check(h, 'students/2101000001');
    expect(Date.now() - started).toBeLessThan(5900);
    expect(response.status).toBe(504);
    expect(response.body.errors).toEqual([
      { status: '504', title: 'Gateway Timeout', detail: 'The national registry did not answer within 5 s' },
    ]);
  }, 15_000);

  it('answers 502 naming what is wrong with a malformed answer', async () => {
    registry.replies.set('2101000002', { raw: '{"data": [{"nim": "2101000002", "name": ' });
    registry.replies.set('2101000003', { body: { data: [{ nim: '9999', name: 'Else', institution: 'X' }] } });
    registry.replies.set('2101000004', { body: { results: [] } });
    registry.replies.set('2101000005', { status: 500, body: { error: 'boom' } });
    registry.replies.set('2101000006', { status: 401, body: {} });
    const expected: Record<string, string> = {
      '2101000002': "The national registry's answer is not JSON",
      '2101000003': "The national registry's answer is malformed: data[0] is about 9999, not 2101000003",
      '2101000004': "The national registry's answer is malformed: data must be an array",
      '2101000005': 'The national registry answered HTTP 500',
      '2101000006': 'The national registry refused the credentials of REGISTRY_TOKEN (HTTP 401)',
    };
    for (const [number, detail] of Object.entries(expected)) {
      const response = await check(h, `students/${number}`);
      expect(response.status).toBe(502);
      expect(response.body.errors).toEqual([{ status: '502', title: 'Bad Gateway', detail }]);
    }
  });

  it('says when no registry is configured (503), and refuses a number that is not one (400)', async () => {
    const response = await check(unconfigured, 'lecturers/0401017801');
    expect(response.status).toBe(503);
    expect(response.body.errors?.[0].detail).toBe(
      'No national registry is configured for this deployment (REGISTRY_URL): numbers cannot be checked',
    );
    const asked = registry.requests.length;
    const bad = await check(h, 'lecturers/04010%2F..%2F');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({
      source: { parameter: 'nidn' },
      detail: 'The nidn is 4 to 20 digits',
    });
    expect(registry.requests.length).toBe(asked);
  });

  it('is for operators only', async () => {
    expect((await check(h, 'lecturers/0401017801', 'lecturer')).status).toBe(403);
    expect((await h.api.get('/api/admin/registry/lecturers/0401017801')).status).toBe(401);
  });
});
