import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { firstValueFrom, of } from 'rxjs';
import { type ResourceType, respond } from '@lms/jsonapi';
import { DocumentInterceptor } from './document.interceptor';
import type { AuthContext } from './tokens';

interface Window {
  id: number;
  endAt: Date;
}

const windowResource: ResourceType<Window> = {
  type: 'windows',
  attributes: (window) => ({ end_at: window.endAt }),
};

const closing = { id: 7, endAt: new Date('2026-05-01T16:59:59Z') };

function httpContext(auth?: Partial<AuthContext>): ExecutionContext {
  const request = { headers: {}, auth };
  return {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const answering = (value: unknown): CallHandler => ({ handle: () => of(value) });

describe('DocumentInterceptor', () => {
  const interceptor = new DocumentInterceptor();

  it("writes a controller's pending document in the caller's campus time zone", async () => {
    const written = await firstValueFrom(
      interceptor.intercept(
        httpContext({ timeZone: 'Asia/Jayapura' }),
        answering(respond(windowResource, closing)),
      ),
    );
    expect(written).toEqual({
      data: { type: 'windows', id: '7', attributes: { end_at: '2026-05-02 01:59:59' } },
    });
  });

  it('writes in UTC for a caller without a token, unless the controller fixed a zone', async () => {
    const anonymous = await firstValueFrom(
      interceptor.intercept(httpContext(), answering(respond(windowResource, [closing]))),
    );
    expect(anonymous).toMatchObject({ data: [{ attributes: { end_at: '2026-05-01 16:59:59' } }] });

    const campus = await firstValueFrom(
      interceptor.intercept(
        httpContext(),
        answering(respond(windowResource, [closing], { timeZone: 'Asia/Makassar' })),
      ),
    );
    expect(campus).toMatchObject({ data: [{ attributes: { end_at: '2026-05-02 00:59:59' } }] });
  });

  it('passes any other answer through unchanged', async () => {
    const plain = { meta: { deleted: 2 } };
    expect(
      await firstValueFrom(
        interceptor.intercept(httpContext({ timeZone: 'Asia/Jakarta' }), answering(plain)),
      ),
    ).toBe(plain);
    expect(await firstValueFrom(interceptor.intercept(httpContext(), answering(undefined)))).toBeUndefined();
  });
});
