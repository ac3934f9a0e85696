import { HttpException } from '@nestjs/common';
import { expectJsonApiDocument } from '../test-support/json-api-schema';
import {
  badRequest,
  conflict,
  forbidden,
  JsonApiException,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unprocessable,
  unprocessableParameter,
} from './errors';

describe('error factories', () => {
  it.each([
    [400, 'Bad Request', badRequest('bad')],
    [401, 'Unauthorized', unauthorized('who')],
    [403, 'Forbidden', forbidden('no')],
    [404, 'Not Found', notFound()],
    [409, 'Conflict', conflict('twice')],
    [429, 'Too Many Requests', tooManyRequests('slow down')],
    [503, 'Service Unavailable', serviceUnavailable('down')],
  ])('builds a %i %s', (status, title, exception) => {
    expect(exception).toBeInstanceOf(JsonApiException);
    expect(exception).toBeInstanceOf(HttpException);
    expect(exception.getStatus()).toBe(status);
    expect(exception.errors).toEqual([{ status: String(status), title, detail: expect.any(String) }]);
    expect(exception.getResponse()).toEqual({ errors: exception.errors });
    expectJsonApiDocument(exception.getResponse());
  });

  it('uses the detail as the exception message, for logs', () => {
    expect(forbidden('Only lecturers may do this').message).toBe('Only lecturers may do this');
    expect(notFound().message).toBe('Resource not found');
  });

  it('names the reason of a refusal with its code, in the body too', () => {
    const refusal = forbidden('The exam has ended', 'closed');
    expect(refusal.errors).toEqual([
      { status: '403', title: 'Forbidden', detail: 'The exam has ended', code: 'closed' },
    ]);
    expect(refusal.getResponse()).toEqual({ errors: refusal.errors });
    expect(forbidden('no').errors[0].code).toBeUndefined();
  });

  it('carries the code and meta of a refusal the client acts on', () => {
    const exception = forbidden('The token has expired', 'token_expired', { retries_left: 1 });
    expect(exception.errors).toEqual([
      {
        status: '403',
        title: 'Forbidden',
        detail: 'The token has expired',
        code: 'token_expired',
        meta: { retries_left: 1 },
      },
    ]);
    expectJsonApiDocument(exception.getResponse());
  });

  it('names the query parameter of a bad request', () => {
    expect(badRequest('Cannot sort by foo', 'sort').errors).toEqual([
      { status: '400', title: 'Bad Request', detail: 'Cannot sort by foo', source: { parameter: 'sort' } },
    ]);
    expect(badRequest('Body must be an object').errors[0].source).toBeUndefined();
  });

  it('names the query parameter of a 422', () => {
    expect(unprocessableParameter('q', 'q must be at least 2 characters').errors).toEqual([
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: 'q must be at least 2 characters',
        source: { parameter: 'q' },
      },
    ]);
  });

  it('carries the Retry-After seconds of a 429', () => {
    expect(tooManyRequests('slow down', 90).retryAfterSeconds).toBe(90);
    expect(tooManyRequests('slow down').retryAfterSeconds).toBeUndefined();
    expect(tooManyRequests('slow down', 3, 'too_fast', { retry_after: 3 }).errors[0]).toMatchObject({
      status: '429',
      code: 'too_fast',
      meta: { retry_after: 3 },
    });
  });

  it('reports every validation issue with its pointer, identical ones once', () => {
    const exception = unprocessable([
      { pointer: '/data/attributes/name', detail: 'name is required' },
      { pointer: '/data/attributes/email', detail: 'email must be an e-mail address' },
      { pointer: '/data/attributes/name', detail: 'name is required' },
    ]);
    expect(exception.getStatus()).toBe(422);
    expect(exception.errors).toEqual([
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: 'name is required',
        source: { pointer: '/data/attributes/name' },
      },
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: 'email must be an e-mail address',
        source: { pointer: '/data/attributes/email' },
      },
    ]);
    expectJsonApiDocument(exception.getResponse());
  });

  it('names the rule behind a conflict or a validation issue with its code', () => {
    expect(conflict('The answer was sent', 'already_sent').errors).toEqual([
      { status: '409', title: 'Conflict', detail: 'The answer was sent', code: 'already_sent' },
    ]);
    expect(conflict('twice').errors[0].code).toBeUndefined();
    const exception = unprocessable([
      { pointer: '/data/attributes/file', detail: 'A file is required', code: 'file_required' },
    ]);
    expect(exception.errors).toEqual([
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: 'A file is required',
        code: 'file_required',
        source: { pointer: '/data/attributes/file' },
      },
    ]);
    expectJsonApiDocument(exception.getResponse());
  });
});
