import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  InternalServerErrorException,
  Logger,
  Module,
  Param,
  ParseIntPipe,
  Post,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { lastValueFrom, type Observable } from 'rxjs';
import { expectJsonApiDocument } from '../test-support/json-api-schema';
import { notFound, tooManyRequests, unprocessable } from './errors';
import { JsonApiExceptionFilter } from './exception.filter';
import { readAttributes } from './serializer';

const SECRET = 'password=hunter2 at db.internal:5432';

@Controller('things')
class ThingsController {
  @Post()
  create(@Body() body: unknown) {
    return { data: { type: 'things', id: '1', attributes: readAttributes(body) } };
  }

  @Get('missing')
  missing() {
    throw notFound('Thing not found');
  }

  @Get('invalid')
  invalid() {
    throw unprocessable([
      { pointer: '/data/attributes/name', detail: 'name is required' },
      { pointer: '/data/attributes/size', detail: 'size must be a number' },
    ]);
  }

  @Get('busy')
  busy() {
    throw tooManyRequests('Too many attempts; try again later', 61.2);
  }

  @Get('forbidden')
  forbidden() {
    throw new ForbiddenException('Lecturers only');
  }

  @Get('by-id/:id')
  byId(@Param('id', ParseIntPipe) id: number) {
    return { data: { type: 'things', id: String(id), attributes: {} } };
  }

  @Get('crash')
  crash() {
    throw new Error(`connect failed: ${SECRET}`);
  }

  @Get('crash-async')
  async crashAsync() {
    await Promise.resolve();
    throw new TypeError(`Cannot read properties of undefined (${SECRET})`);
  }

  /** What Fastify's body reader passes on when the request stream fails. */
  @Get('stream-error')
  streamError() {
    throw Object.assign(new Error('Request aborted by the client'), { statusCode: 400 });
  }

  @Get('upstream-error')
  upstreamError() {
    throw Object.assign(new Error(SECRET), { statusCode: 502 });
  }

  @Get('server-http-error')
  serverHttpError() {
    throw new InternalServerErrorException(SECRET);
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('JsonApiExceptionFilter', () => {
  let app: NestFastifyApplication;
  const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(
      ThingsModule,
      new FastifyAdapter({ bodyLimit: 1024 }),
      {
        logger: false,
      },
    );
    app.useGlobalFilters(new JsonApiExceptionFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());
  beforeEach(() => logged.mockClear());

  async function request(
    method: 'GET' | 'POST',
    url: string,
    payload?: string,
    contentType = 'application/json',
  ) {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: payload === undefined ? {} : { 'content-type': contentType },
    });
    const body: unknown = JSON.parse(response.body);
    expectJsonApiDocument(body);
    return { status: response.statusCode, headers: response.headers, body };
  }

  it('passes a successful response through', async () => {
    const response = await request(
      'POST',
      '/things',
      JSON.stringify({ data: { attributes: { name: 'A' } } }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { type: 'things', id: '1', attributes: { name: 'A' } } });
  });

  it.each<[string, 'GET' | 'POST', string, string | undefined, string | undefined, number, string]>([
    ['an unknown route', 'GET', '/nowhere', undefined, undefined, 404, 'Cannot GET /nowhere'],
    ['a thrown notFound', 'GET', '/things/missing', undefined, undefined, 404, 'Thing not found'],
    ['invalid JSON', 'POST', '/things', '{"name": ', 'application/json', 400, 'JSON'],
    ['an empty JSON body', 'POST', '/things', '', 'application/json', 400, 'Body cannot be empty'],
    [
      'a body that is not an object',
      'POST',
      '/things',
      '[1]',
      'application/json',
      400,
      'must be a JSON object',
    ],
    [
      'an unsupported media type',
      'POST',
      '/things',
      '<a/>',
      'application/xml',
      415,
      'Unsupported Media Type',
    ],
    [
      'a body over the limit',
      'POST',
      '/things',
      JSON.stringify({ x: 'y'.repeat(2000) }),
      'application/json',
      413,
      'too large',
    ],
    ['a failing pipe', 'GET', '/things/by-id/abc', undefined, undefined, 400, 'numeric string is expected'],
    ['a Nest HttpException', 'GET', '/things/forbidden', undefined, undefined, 403, 'Lecturers only'],
    [
      'an error of the request stream',
      'GET',
      '/things/stream-error',
      undefined,
      undefined,
      400,
      'Request aborted',
    ],
  ])('answers %s with a JSON:API error', async (_, method, url, payload, contentType, status, detail) => {
    const response = await request(method, url, payload, contentType);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/vnd.api+json');
    expect(response.body).toEqual({
      errors: [
        { status: String(status), title: expect.any(String), detail: expect.stringContaining(detail) },
      ],
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers a validation failure with a 422 per issue, with pointers', async () => {
    const response = await request('GET', '/things/invalid');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: 'name is required',
          source: { pointer: '/data/attributes/name' },
        },
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: 'size must be a number',
          source: { pointer: '/data/attributes/size' },
        },
      ],
    });
  });

  it('sets Retry-After on a 429', async () => {
    const response = await request('GET', '/things/busy');
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('62');
  });

  it.each(['/things/crash', '/things/crash-async', '/things/upstream-error', '/things/server-http-error'])(
    'answers a failure of ours at %s with a generic 500 and logs it',
    async (url) => {
      const response = await request('GET', url);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        errors: [
          {
            status: '500',
            title: 'Internal Server Error',
            detail: 'The server could not complete the request; please try again later',
          },
        ],
      });
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith(`GET ${url} failed with 500`, expect.stringContaining(SECRET));
    },
  );

  it('hands an exception outside HTTP back to its transport', async () => {
    const host = new ExecutionContextHost([{}, {}]);
    host.setType('rpc');
    const failure = new Error('handler failed');
    const result = new JsonApiExceptionFilter().catch(failure, host) as Observable<never>;
    await expect(lastValueFrom(result)).rejects.toBe(failure);
  });
});
