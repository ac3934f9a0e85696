import { Body, Controller, Get, Logger, Module, Post } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request } from 'undici';
import { createServiceApp } from '../src';

@Controller()
class EchoController {
  private readonly logger = new Logger('Echo');

  @Post('echo')
  async echo(@Body() body: { word: string }) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.logger.log(`echoing ${body.word}`);
    return { meta: { word: body.word } };
  }

  @Get('boom')
  boom() {
    throw new Error('kaboom');
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

interface Line {
  level: string;
  time: string;
  service: string;
  requestId?: string;
  context?: string;
  msg?: string;
  [key: string]: unknown;
}

describe('service logs: one JSON stream', () => {
  let app: NestFastifyApplication;
  let base: string;
  const raw: string[] = [];
  const stdout: string[] = [];
  const lines = () => raw.map((text) => JSON.parse(text) as Line);
  const writeStdout = process.stdout.write.bind(process.stdout);

  beforeAll(async () => {
    jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: []) => {
      stdout.push(String(chunk));
      return writeStdout(chunk, ...rest);
    }) as typeof process.stdout.write);
    app = await createServiceApp(EchoModule, {
      name: 'echo',
      logLevel: 'info',
      logDestination: { write: (line: string) => void raw.push(line) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app.close();
    jest.restoreAllMocks();
  });

  it("writes Nest's own start-up lines as JSON with the service and the Nest context", () => {
    const mapped = lines().find((line) => line.context === 'RouterExplorer');
    expect(mapped).toMatchObject({ level: 'info', service: 'echo', msg: expect.stringContaining('/echo') });
    expect(new Date(mapped!.time).toISOString()).toBe(mapped!.time);
    expect(stdout.filter((text) => !text.trimStart().startsWith('{'))).toEqual([]);
  });

  it("puts the caller's request id on Fastify's request lines and on the handler's own lines", async () => {
    const response = await request(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-abc.123' },
      body: JSON.stringify({ word: 'hello' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-request-id']).toBe('req-abc.123');
    await response.body.dump();
    const mine = lines().filter((line) => line.requestId === 'req-abc.123');
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'echoing hello', 'request completed']),
    );
    expect(mine.every((line) => line.service === 'echo')).toBe(true);
    expect(mine.find((line) => line.msg === 'echoing hello')).toMatchObject({ context: 'Echo' });
  });

  it('keeps the request id across a body that arrives in pieces', async () => {
    async function* slowBody() {
      yield Buffer.from('{"word":');
      await new Promise((resolve) => setTimeout(resolve, 50));
      yield Buffer.from('"slow"}');
    }
    const response = await request(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-slow' },
      body: Readable.from(slowBody()),
    });
    expect(response.statusCode).toBe(201);
    await response.body.dump();
    expect(lines().find((line) => line.msg === 'echoing slow')?.requestId).toBe('req-slow');
  });

  it.each([
    ['over-long', 'a'.repeat(500)],
    ['odd', 'x" {level: fatal}'],
  ])('replaces an %s request id by a fresh one', async (kind, sent) => {
    const response = await request(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': sent },
      body: JSON.stringify({ word: kind }),
    });
    await response.body.dump();
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines().find((line) => line.msg === `echoing ${kind}`)?.requestId).toBe(id);
  });

  it('logs a failure as one JSON line with the error and the request id', async () => {
    const response = await request(`${base}/boom`, { headers: { 'x-request-id': 'req-boom' } });
    expect(response.statusCode).toBe(500);
    await response.body.dump();
    const failure = lines().find((line) => line.requestId === 'req-boom' && line.level === 'error');
    expect(JSON.stringify(failure)).toContain('kaboom');
  });
});
