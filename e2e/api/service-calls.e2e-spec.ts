import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { ApiClient, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const port = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

/**
 * How the gateway of `npm start` reaches the services of its own process: by handing them the
 * client's request and response (default), or over loopback HTTP as in stack mode. Either way a
 * service gets the same request — the gateway's request id, the client address the gateway
 * established, no header the client forged — and the client the same answer.
 */
describe.each(['hand-off', 'http'] as const)('the gateway calls the services of npm start by %s', (mode) => {
  let platform: TestPlatform;
  let api: ApiClient;
  let token: string;
  /** The proxied requests identity's server received in this test, after its forwarding guard. */
  let seen: IncomingMessage[] = [];
  const record = (incoming: IncomingMessage) => {
    // The gateway's own calls (the campus of a host, sign-in) go over HTTP in both modes.
    if (incoming.url?.startsWith('/api/')) seen.push(incoming);
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ serviceCalls: mode });
    const login = await new ApiClient(platform.url)
      .at('localhost')
      .post('/api/user/auth/login', { username: 'student1', password: 'lms-demo' });
    token = (login.body.data as JsonResource).attributes.access_token as string;
    api = new ApiClient(platform.url, { token }).at('localhost');
    platform.services.identity.getHttpServer().on('request', record);
  });

  afterAll(async () => {
    platform?.services.identity.getHttpServer().off('request', record);
    await platform?.stop();
  });

  beforeEach(() => {
    seen = [];
  });

  it(`reaches the service ${mode === 'hand-off' ? 'on the client connection itself' : 'on a connection to its own port'}`, async () => {
    expect((await api.get('/api/login/me')).status).toBe(200);
    expect(seen).toHaveLength(1);
    const gatewayPort = port(platform.gateway.getHttpServer());
    const identityPort = port(platform.services.identity.getHttpServer());
    expect(seen[0].socket.localPort).toBe(mode === 'hand-off' ? gatewayPort : identityPort);
  });

  it('answers with the service document, the security headers and the request id the client sent', async () => {
    const response = await api.get('/api/login/me', { 'x-request-id': 'client-chosen-id-1' });
    expect(response.status).toBe(200);
    expect((response.body.data as JsonResource).attributes).toMatchObject({ username: 'student1' });
    expect(response.headers['content-type']).toBe('application/vnd.api+json');
    expect(response.headers['x-request-id']).toBe('client-chosen-id-1');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(seen[0].headers['x-request-id']).toBe('client-chosen-id-1');
  });

  it("tells the service the client's address and host as the gateway established them, not as forged", async () => {
    const response = await api.get('/api/login/me', {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-host': 'campus-b.test',
      'x-gateway-token': 'guessed',
      'x-internal-token': 'guessed',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    expect(response.status).toBe(200);
    const headers = seen[0].headers;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-host']).toBe('localhost');
    expect(headers['x-forwarded-proto']).toBe('http');
    // The gateway's own token was checked and removed by the service's guard; none of the
    // client's tokens or trace context is left.
    expect(headers['x-gateway-token']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers.traceparent).toBeUndefined();
  });

  it('passes a JSON body on to the service', async () => {
    const me = (await api.get('/api/login/me')).body.data as JsonResource;
    const response = await api.patch(`/api/course/users/${me.id}`, {
      data: { attributes: { theme: 'dark' } },
    });
    expect(response.status).toBe(200);
    expect((response.body.data as JsonResource).attributes.theme).toBe('dark');
    expect(((await api.get('/api/login/me')).body.data as JsonResource).attributes.theme).toBe('dark');
  });

  it('answers 413 to a chunked body that grows past the limit, and keeps serving', async () => {
    const agent = new Agent();
    const chunk = Buffer.from(JSON.stringify({ data: { attributes: { theme: 'x'.repeat(64 * 1024) } } }));
    const me = (await api.get('/api/login/me')).body.data as JsonResource;
    const response = await request(`${platform.url}/api/course/users/${me.id}`, {
      method: 'PATCH',
      headers: {
        host: 'localhost',
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.api+json',
      },
      body: Readable.from(Array.from({ length: 20 }, () => chunk)),
      dispatcher: agent,
    });
    const text = await response.body.text();
    await agent.close();
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(text).errors[0]).toMatchObject({ status: '413', title: 'Payload Too Large' });
    expect((await api.get('/api/login/me')).status).toBe(200);
  });
});
