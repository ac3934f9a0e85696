import type { IncomingMessage } from 'node:http';
import { malformedQueryParameter, originForm } from './request-target';

const message = (url: string, host = 'gateway.local') =>
  ({ url, headers: { host } }) as unknown as IncomingMessage;

describe('originForm', () => {
  it('leaves an origin-form target as it is', () => {
    const request = message('/api/course/courses?x=1');
    expect(originForm(request)).toBe('/api/course/courses?x=1');
    expect(request.headers.host).toBe('gateway.local');
  });

  it('routes an absolute-form target by its path, with its host as the Host (RFC 9112 §3.2.2)', () => {
    const request = message('http://campus-b.test:8080/api/course/courses?x=1');
    expect(originForm(request)).toBe('/api/course/courses?x=1');
    expect(request.headers.host).toBe('campus-b.test:8080');
  });

  it('leaves other forms to the router', () => {
    expect(originForm(message('*'))).toBe('*');
    expect(originForm(message('campus.test:443'))).toBe('campus.test:443');
    expect(originForm(message('http://[bad'))).toBe('http://[bad');
  });
});

describe('malformedQueryParameter', () => {
  it('accepts valid percent-encoding, plus signs and bare names', () => {
    for (const url of ['/x', '/x?', '/x?a=%20b&c=d+e', '/x?filter%5Bname%5D=%C3%A9', '/x?flag', '/x?a=1=2']) {
      expect(malformedQueryParameter(url)).toBeUndefined();
    }
  });

  it('names the parameter whose value or name does not decode', () => {
    expect(malformedQueryParameter('/x?ok=1&x=%FF')).toBe('x');
    expect(malformedQueryParameter('/x?filter%5Bname%5D=%')).toBe('filter[name]');
    expect(malformedQueryParameter('/x?%FF=1')).toBe('%FF');
    expect(malformedQueryParameter('/x?a=%E2%82')).toBe('a');
  });
});
