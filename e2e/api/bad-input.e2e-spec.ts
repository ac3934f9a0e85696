import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { type AppRoute, ApiClient, type JsonResource, listRoutes } from '@lms/testing';
import { ROUTES, SERVICES } from '../../services/gateway/src/routing/routes';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Fuzz over every route of every service, through the gateway: ids past PostgreSQL's integer and
 * 64-bit ranges, negative and non-numeric ids, malformed percent-encoding, oversized integers and
 * wrong JSON types in bodies, bodies over the limit and absolute-form request targets. The answer
 * is never a 5xx, and every error is a JSON:API error document.
 */

interface Outcome {
  status: number;
  contentType: string;
  body: string;
}

const BAD_IDS = [
  '9223372036854775808',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  'abc',
  '1e3',
  '1.5',
  '%FF',
  '%',
  '0x10',
];

const BAD_QUERIES = [
  'x=%FF',
  'x=%',
  '%FF=1',
  'filter[id][is]=99999999999999999999',
  'filter[id][in]=1,9223372036854775808',
  'filter[course_id][is]=2147483648',
  'filter[id][is]=-1',
  'filter[id][is]=abc',
  'page[limit]=99999999999999999999',
  'page[offset]=9223372036854775808',
  'page[offset]=-1',
  'page[limit]=abc',
  'limit=2147483648',
  'offset=99999999999999999999',
  'include=%FF',
  'sort=%ZZ',
  'filter=%FF',
  'filter[name][like]=%25%FF',
  'filter[id][is][x]=1',
];

/** Attribute names the API's write documents use; each is sent alone with every bad value. */
const ATTRIBUTES = [
  'ids',
  'index',
  'course_id',
  'class_id',
  'module_id',
  'contentable_id',
  'content_ids',
  'lecturer_id',
  'period_id',
  'user_ids',
  'from',
  'size',
  'name',
  'start_at',
];

const BAD_VALUES: unknown[] = [2147483648, 9223372036854775808, 'x', [2147483648]];

const BAD_DOCUMENTS: unknown[] = [
  [],
  'x',
  1,
  null,
  { data: [] },
  { data: 'x' },
  { data: { attributes: [] } },
  { data: { attributes: 'x' } },
  { data: { attributes: null } },
  { data: { attributes: { index: 2147483648 } } },
  { data: [{ action: 'x', course_id: 2147483648, user_ids: [9223372036854775808] }] },
  { data: { attributes: [{ action: 'add', course_id: 2147483648, user_ids: [2147483648] }] } },
];

async function send(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: string,
  contentType = 'application/vnd.api+json',
): Promise<Outcome> {
  const headers: Record<string, string> = { host: 'localhost', accept: 'application/vnd.api+json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = contentType;
  const response = await request(base + path, { method, headers, body });
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    body: await response.body.text(),
  };
}

/** A request whose target is in absolute form (`GET http://host/api/...`), as proxies send them. */
function sendAbsolute(base: string, method: string, path: string, token?: string): Promise<Outcome> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: 'localhost' };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path: `http://localhost${path}`, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type']),
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** What went wrong with an answer, or undefined when it is acceptable. */
function problem(outcome: Outcome, allow503: boolean): string | undefined {
  if (outcome.status >= 500 && !(allow503 && outcome.status === 503)) return `answered ${outcome.status}`;
  if (outcome.status < 400) return undefined;
  if (!outcome.contentType.startsWith('application/vnd.api+json')) {
    return `${outcome.status} with content-type ${outcome.contentType}`;
  }
  try {
    const document = JSON.parse(outcome.body) as { errors?: Array<{ status?: unknown }> };
    const errors = document.errors;
    if (!Array.isArray(errors) || errors.length === 0) return `${outcome.status} without errors`;
    if (errors.some((error) => error.status !== String(outcome.status))) {
      return `${outcome.status} with error statuses ${errors.map((error) => String(error.status)).join(',')}`;
    }
  } catch {
    return `${outcome.status} with a body that is not JSON: ${outcome.body.slice(0, 80)}`;
  }
  return undefined;
}

/** Runs `jobs` with a few at a time. */
async function pool<T>(items: T[], size: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await job(items[next++]);
    }),
  );
}

const withParams = (route: AppRoute, value: string) => route.path.replace(/:[A-Za-z]+/g, value);

/** Real ids of what the lecturer teaches, so that a write reaches its validation and storage. */
interface KnownIds {
  course: string;
  module: string;
  activity: string;
  content: string;
  lecturer: string;
  publicCourse: string;
}

/** The route's path with each parameter replaced by a real id of the kind it names. */
function withKnownIds(route: AppRoute, ids: KnownIds): string {
  return route.path
    .replace(/\/([a-z-]+)\/:([A-Za-z]+)/g, (_match, segment: string, name: string) => {
      if (name === 'userId' || /^(users|user|lecturers)$/.test(segment)) return `/${segment}/${ids.lecturer}`;
      if (route.path.startsWith('/api/public/courses') || segment === 'course')
        return `/${segment}/${ids.publicCourse}`;
      if (/^content/.test(segment)) return `/${segment}/${ids.content}`;
      if (segment === 'modules') return `/${segment}/${ids.module}`;
      if (segment === 'activities') return `/${segment}/${ids.activity}`;
      return `/${segment}/${ids.course}`;
    })
    .replace(/:[A-Za-z]+/g, ids.course);
}

describe('bad input through the gateway, on every route', () => {
  let platform: TestPlatform;
  let routes: AppRoute[];
  let ids: KnownIds;
  const tokens: Record<string, string | undefined> = { anonymous: undefined };
  const failures: string[] = [];

  async function probe(
    label: string,
    method: string,
    path: string,
    token: string | undefined,
    body?: string,
    allow503 = false,
  ) {
    const outcome = await send(platform.url, method, path, token, body);
    const wrong = problem(outcome, allow503);
    if (wrong) failures.push(`${label}: ${method} ${path}${body ? ` ${body.slice(0, 120)}` : ''} → ${wrong}`);
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    const client = new ApiClient(platform.url).at('localhost');
    for (const name of ['student1', 'lecturer', 'admin']) {
      const response = await client.post('/api/user/auth/login', { username: name, password: 'lms-demo' });
      tokens[name] = (response.body.data as JsonResource).attributes.access_token as string;
    }
    const lecturer = new ApiClient(platform.url).at('localhost').as(tokens.lecturer);
    const first = async (path: string) => ((await lecturer.get(path)).body.data as JsonResource[])[0].id;
    const course = await first('/api/course/courses');
    const content = await lecturer.post('/api/course/contents', {
      data: {
        attributes: {
          contentable_type: 'courses',
          contentable_id: Number(course),
          name: 'Fuzz',
          type: 'text',
          content: 'x',
        },
      },
    });
    ids = {
      course,
      module: await first(`/api/course/modules?filter[course_id][is]=${course}`),
      activity: await first(`/api/course/activities?filter[course_id][is]=${course}`),
      content: (content.body.data as JsonResource).id,
      lecturer: ((await lecturer.get('/api/login/me')).body.data as JsonResource).id,
      publicCourse: await first('/api/public/courses'),
    };
    routes = [platform.gateway, ...Object.values(platform.services)]
      .flatMap((app) => listRoutes(app))
      .filter((route) => route.path.startsWith('/api/'));
  });

  afterAll(async () => {
    await platform.stop();
  });

  beforeEach(() => {
    failures.length = 0;
  });

  it('finds the routes of every deployed service', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/user/auth/login',
        'GET /api/login/me',
        'GET /api/course/courses/:id',
        'PATCH /api/course/contents/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThan(40);
  });

  it('writes to real resources, so that bodies reach validation and storage', () => {
    expect(Object.values(ids).every((id) => /^\d+$/.test(id))).toBe(true);
    const contents = routes.find(
      (route) => route.method === 'PATCH' && route.path === '/api/course/contents/:id',
    )!;
    expect(withKnownIds(contents, ids)).toBe(`/api/course/contents/${ids.content}`);
  });

  it('answers ids past every integer range, negative and non-numeric ids with a 4xx', async () => {
    const jobs = routes
      .filter((route) => route.path.includes('/:'))
      .flatMap((route) =>
        BAD_IDS.flatMap((id) =>
          ['anonymous', 'student1', 'lecturer', 'admin'].map((who) => ({ route, id, who })),
        ),
      );
    await pool(jobs, 8, ({ route, id, who }) =>
      probe(
        who,
        route.method,
        withParams(route, id),
        tokens[who],
        route.method === 'GET' ? undefined : '{}',
        // a registry number is no id: one of the right form reaches the registry, which this
        // platform has none of (503 "not configured", what an operator must be told)
        route.path.startsWith('/api/admin/registry/'),
      ),
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers malformed query strings and out-of-range query integers with a 4xx', async () => {
    const jobs = routes.flatMap((route) =>
      BAD_QUERIES.flatMap((query) => ['anonymous', 'lecturer'].map((who) => ({ route, query, who }))),
    );
    await pool(jobs, 8, ({ route, query, who }) =>
      probe(who, route.method, `${withParams(route, '1')}?${query}`, tokens[who]),
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers oversized integers and wrong JSON types in bodies with a 4xx', async () => {
    const writes = routes.filter((route) => route.method !== 'GET');
    const bodies = [
      ...BAD_DOCUMENTS.map((document) => JSON.stringify(document)),
      ...ATTRIBUTES.flatMap((name) =>
        BAD_VALUES.map((value) => JSON.stringify({ data: { attributes: { [name]: value } } })),
      ),
      '{"data":',
      '{"index": 1e999999}',
    ];
    const jobs = writes.flatMap((route) => bodies.map((body) => ({ route, body })));
    await pool(jobs, 8, ({ route, body }) =>
      probe('lecturer', route.method, withKnownIds(route, ids), tokens.lecturer, body),
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers a body over the limit with a 413 on every write route', async () => {
    const big = JSON.stringify({ data: { attributes: { name: 'x'.repeat(1_100_000) } } });
    for (const route of routes.filter((route) => route.method !== 'GET')) {
      const outcome = await send(platform.url, route.method, withParams(route, '1'), tokens.lecturer, big);
      const wrong =
        problem(outcome, false) ?? (outcome.status === 413 ? undefined : `answered ${outcome.status}`);
      if (wrong) failures.push(`${route.method} ${route.path} with 1.1 MB → ${wrong}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers a chunked body that grows past the limit with a 413', async () => {
    const agent = new Agent();
    const chunk = Buffer.from(JSON.stringify({ data: { attributes: { name: 'x'.repeat(64 * 1024) } } }));
    const response = await request(`${platform.url}/api/course/contents`, {
      method: 'POST',
      headers: {
        host: 'localhost',
        authorization: `Bearer ${tokens.lecturer}`,
        'content-type': 'application/vnd.api+json',
      },
      body: Readable.from(Array.from({ length: 20 }, () => chunk)),
      // Its own connection: the gateway closes it once it has refused the rest of the body.
      dispatcher: agent,
    });
    const text = await response.body.text();
    await agent.close();
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(text).errors[0]).toMatchObject({ status: '413', title: 'Payload Too Large' });
  });

  it('answers absolute-form request targets on every route as the path they name', async () => {
    for (const route of routes) {
      const outcome = await sendAbsolute(platform.url, route.method, withParams(route, '1'), tokens.lecturer);
      const wrong = problem(outcome, false);
      if (wrong) failures.push(`${route.method} http://localhost${route.path} → ${wrong}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every prefix of the routing table, deployed or not, with JSON:API', async () => {
    const deployed = new Set(Object.keys(platform.services));
    expect(SERVICES).toEqual(expect.arrayContaining([...deployed]));
    const jobs = ROUTES.flatMap(([prefix, service]) =>
      ['/1', '/9223372036854775808', '/%FF', '?x=%FF'].map((tail) => ({
        path: `/api${prefix}${tail}`,
        service,
      })),
    );
    await pool(jobs, 8, ({ path, service }) =>
      probe('lecturer', 'GET', path, tokens.lecturer, undefined, !deployed.has(service)),
    );
    expect(failures).toEqual([]);
  });
});
