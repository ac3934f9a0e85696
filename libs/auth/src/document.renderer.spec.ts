import type { HttpAdapterHost } from '@nestjs/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { defineResource, respond, z } from '@lms/jsonapi';
import { DocumentRenderer, renderAnswer } from './document.renderer';
import type { AuthContext } from './tokens';

interface Window {
  id: number;
  endAt: Date;
}

const windowResource = defineResource({
  name: 'Window',
  type: 'windows',
  schema: { end_at: z.date() },
  attributes: (window: Window) => ({ end_at: window.endAt }),
});

/** Says whether the reader owns the window: attributes that depend on who reads. */
const ownedWindowResource = defineResource({
  name: 'OwnedWindow',
  type: 'windows',
  schema: { mine: z.boolean() },
  attributes: (window: Window, auth: AuthContext | undefined) => ({ mine: auth?.userId === window.id }),
});

const closing = { id: 7, endAt: new Date('2026-05-01T16:59:59Z') };

const caller = (auth?: Partial<AuthContext>) => ({ auth: auth as AuthContext | undefined });

describe('renderAnswer', () => {
  it("writes a controller's pending document in the caller's campus time zone", () => {
    expect(renderAnswer(caller({ timeZone: 'Asia/Jayapura' }), respond(windowResource, closing))).toEqual({
      data: { type: 'windows', id: '7', attributes: { end_at: '2026-05-02 01:59:59' } },
    });
  });

  it('writes in UTC for a caller without a token, unless the controller fixed a zone', () => {
    expect(renderAnswer(caller(), respond(windowResource, [closing]))).toMatchObject({
      data: [{ attributes: { end_at: '2026-05-01 16:59:59' } }],
    });
    expect(
      renderAnswer(caller(), respond(windowResource, [closing], { timeZone: 'Asia/Makassar' })),
    ).toMatchObject({ data: [{ attributes: { end_at: '2026-05-02 00:59:59' } }] });
  });

  it('passes the caller to the resources as their reader', () => {
    expect(renderAnswer(caller({ userId: 7 }), respond(ownedWindowResource, closing))).toMatchObject({
      data: { attributes: { mine: true } },
    });
    expect(renderAnswer(caller({ userId: 8 }), respond(ownedWindowResource, closing))).toMatchObject({
      data: { attributes: { mine: false } },
    });
    expect(renderAnswer(caller(), respond(ownedWindowResource, closing))).toMatchObject({
      data: { attributes: { mine: false } },
    });
  });

  it('passes any other answer through unchanged', () => {
    const plain = { meta: { deleted: 2 } };
    expect(renderAnswer(caller({ timeZone: 'Asia/Jakarta' }), plain)).toBe(plain);
    expect(renderAnswer(caller(), undefined)).toBeUndefined();
  });
});

describe('DocumentRenderer', () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fastify = Fastify({ logger: false });
    const host = { httpAdapter: { getInstance: () => fastify } } as unknown as HttpAdapterHost;
    new DocumentRenderer(host).onModuleInit();
    fastify.addHook('onRequest', async (request) => {
      (request as unknown as { auth: Partial<AuthContext> }).auth = { timeZone: 'Asia/Jayapura' };
    });
    fastify.get('/window', async () => respond(windowResource, closing));
    fastify.get('/broken', async () =>
      respond(defineResource({ name: 'Broken', type: 'broken', schema: {}, attributes: () => ({}) }), {
        notAnId: true,
      } as unknown as Window),
    );
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it("renders a route's pending document in the caller's zone as Fastify serializes it", async () => {
    const response = await fastify.inject({ method: 'GET', url: '/window' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { type: 'windows', id: '7', attributes: { end_at: '2026-05-02 01:59:59' } },
    });
  });

  it('answers a document that cannot be rendered with a bare JSON:API 500', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errors: [{ status: '500', title: 'Internal Server Error', detail: expect.any(String) }],
    });
    expect(response.body).not.toContain('has no id');
  });
});
