import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROUTES, SOCKET_ROUTES } from '@lms/gateway';
import { type OpenApiDocument, servedRoutes } from '@lms/platform';
import { ApiClient } from '@lms/testing';
import { describePlatform } from '../../services/all-in-one/src/openapi';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/** `/api/course/modules/:id` and `/api/x/*` → the OpenAPI path `/api/course/modules/{id}`, `/api/x/{token}`. */
const templated = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{token}');

describe('OpenAPI document of the whole API', () => {
  let platform: TestPlatform;
  let api: ApiClient;
  let document: OpenApiDocument;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = new ApiClient(platform.url).at('localhost');
    const response = await api.get('/api/docs');
    expect(response.status).toBe(200);
    document = response.body as OpenApiDocument;
  });

  afterAll(async () => {
    await platform.stop();
  });

  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\.0\./);
    // The validator is an ES module: it runs in its own Node process (as `npm run openapi` uses it).
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [join(__dirname, '../../scripts/validate-openapi.mjs')],
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
      );
      child.stdin?.end(JSON.stringify(document));
    });
    expect(result).toEqual({ code: 0, output: expect.stringMatching(/^valid: OpenAPI 3\.0\.3/) });
  });

  it('is the document built without starting anything, the source of the web client’s types', async () => {
    expect(document).toEqual(await describePlatform());
  });

  it('describes what a route answers from the resource it serializes', () => {
    const course = document.paths['/api/course/courses/{id}']?.get?.responses['200'] as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(course.content['application/vnd.api+json'].schema.properties).toMatchObject({
      data: { $ref: '#/components/schemas/Course' },
      included: { items: { oneOf: expect.arrayContaining([{ $ref: '#/components/schemas/Module' }]) } },
    });
    expect(document.components.schemas.Course).toMatchObject({
      properties: {
        type: { enum: ['courses'] },
        attributes: {
          properties: { status: { enum: ['STUDENT', 'LECTURER', 'ASSISTANT'], nullable: true } },
        },
      },
    });
    // identity's users and course's projection of them are different resources of one type.
    expect(document.components.schemas.User).toMatchObject({ properties: { type: { enum: ['users'] } } });
    expect(document.components.schemas.CourseUser).toMatchObject({
      properties: { type: { enum: ['users'] } },
    });
  });

  it('documents every route the services serve behind the gateway', () => {
    const missing: string[] = [];
    for (const [service, app] of Object.entries(platform.services)) {
      const routes = servedRoutes(app).filter(({ url }) => url.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(5);
      for (const { method, url } of routes) {
        if (!document.paths[templated(url)]?.[method])
          missing.push(`${service}: ${method.toUpperCase()} ${url}`);
      }
    }
    expect(missing).toEqual([]);
  });

  /**
   * Prefixes of a deployed service whose calls are not built yet: the exam service's imports,
   * statistics, results and exports (issue 12's imports, issue 13); the presence service's live
   * classroom (issue 17).
   */
  const PENDING_PREFIXES = [
    '/v2/exam',
    '/import-word',
    '/blob-storage/exam',
    '/stats/exam',
    '/crs',
    '/public/crs',
  ];

  it('has operations under every prefix of the routing table, or lists its service as unavailable', () => {
    const unavailable = (
      document['x-unavailable-services'] as Array<{ service: string; prefixes: string[] }>
    ).map(({ service }) => service);
    expect(unavailable).toEqual([]);
    for (const built of [
      'course',
      'identity',
      'exam',
      'task',
      'presence',
      'messaging',
      'survey',
      'rps',
      'project',
    ])
      expect(unavailable).not.toContain(built);
    const paths = Object.keys(document.paths);
    const undocumented = ROUTES.filter(([, service]) => !unavailable.includes(service))
      .filter(([prefix]) => !PENDING_PREFIXES.includes(prefix))
      .filter(
        ([prefix]) => !paths.some((path) => path === `/api${prefix}` || path.startsWith(`/api${prefix}/`)),
      )
      .map(([prefix, service]) => `${service}: /api${prefix}`);
    expect(undocumented).toEqual([]);
    // Sockets (exam's live monitor among them) are not HTTP operations: none is in the document.
    expect(SOCKET_ROUTES.map(([prefix]) => prefix)).toContain('/socket/exam');
    expect(paths.filter((path) => path.startsWith('/socket'))).toEqual([]);
  });

  it('describes a request body from the schema that validates it', () => {
    const login = document.paths['/api/user/auth/login']?.post;
    expect(login).toBeDefined();
    const update = document.paths['/api/course/users/{id}']?.patch;
    expect(update?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const create = document.paths['/api/course/modules']?.post?.requestBody as {
      content: Record<string, { schema: { properties: { data: { properties: { attributes: unknown } } } } }>;
    };
    expect(
      create.content['application/vnd.api+json'].schema.properties.data.properties.attributes,
    ).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['course_id'],
      properties: {
        course_id: { type: 'integer', minimum: 1 },
        start_at: { type: 'string', nullable: true },
      },
    });
    const sort = document.paths['/api/course/courses/sort/{courseId}']?.put?.requestBody as typeof create;
    expect(sort.content['application/json'].schema.properties.data.properties.attributes).toMatchObject({
      properties: {
        type: { type: 'string', enum: ['modules', 'activities', 'contents'] },
        ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
      },
    });
    const list = document.paths['/api/course/modules']?.get;
    expect(list?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'filter[course_id][is]', in: 'query', schema: { type: 'integer' } }),
        expect.objectContaining({ name: 'page[limit]', in: 'query' }),
        expect.objectContaining({ name: 'include', in: 'query' }),
      ]),
    );
    expect(list?.security).toBeUndefined();
    expect(document.paths['/api/public/version']?.get?.security).toEqual([]);
  });

  it('keeps the services’ internal paths out', () => {
    // Outside /api: health, and the identity provider's back-channel logout the gateway serves.
    expect(
      Object.keys(document.paths).filter(
        (path) => !path.startsWith('/api/') && !/^\/(healthz|readyz|webhook\/sso)$/.test(path),
      ),
    ).toEqual([]);
  });

  it('serves a readable page with its assets from the gateway itself', async () => {
    const page = await fetch(`${platform.url}/api/docs/ui`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    for (const asset of [
      '/api/docs/ui/swagger-ui-bundle.js',
      '/api/docs/ui/swagger-ui.css',
      '/api/docs/ui/init.js',
    ]) {
      expect(html).toContain(asset);
      const response = await fetch(`${platform.url}${asset}`);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(50);
    }
    expect((await fetch(`${platform.url}/api/docs/ui/package.json`)).status).toBe(404);
  });
});
