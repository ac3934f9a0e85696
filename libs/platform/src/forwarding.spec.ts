import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { clientAddress, GATEWAY_TOKEN_HEADER, guardForwardedHeaders, TrustedProxies } from './forwarding';

describe('TrustedProxies', () => {
  it('matches addresses, CIDRs and the named ranges, IPv4-mapped IPv6 as IPv4', () => {
    const proxies = TrustedProxies.parse('10.0.0.0/8, 192.168.1.7, fd00::/8, loopback');
    expect(proxies.trusts('10.42.3.4')).toBe(true);
    expect(proxies.trusts('::ffff:10.42.3.4')).toBe(true);
    expect(proxies.trusts('192.168.1.7')).toBe(true);
    expect(proxies.trusts('192.168.1.8')).toBe(false);
    expect(proxies.trusts('fd12::1')).toBe(true);
    expect(proxies.trusts('127.0.0.1')).toBe(true);
    expect(proxies.trusts('::1')).toBe(true);
    expect(proxies.trusts('8.8.8.8')).toBe(false);
    expect(proxies.trusts(undefined)).toBe(false);
  });

  it('trusts nobody when empty or none', () => {
    expect(TrustedProxies.parse('').trusts('127.0.0.1')).toBe(false);
    expect(TrustedProxies.parse('none').trusts('127.0.0.1')).toBe(false);
  });

  it.each(['example.com', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0/8', '::1/129', '1.2.3.4/x'])(
    'refuses %s, naming it',
    (entry) => {
      expect(() => TrustedProxies.parse(`loopback, ${entry}`)).toThrow(/^has ".+", which is not an IP/);
    },
  );
});

describe('guardForwardedHeaders', () => {
  let server: Server;
  let url: string;
  let seen: { headers: IncomingHttpHeaders; client: string };
  let trust: { proxies: TrustedProxies; gatewayToken?: string };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen = { headers: { ...req.headers }, client: clientAddress(req, trust.proxies) };
      res.end();
    });
    guardForwardedHeaders(server, {
      get proxies() {
        return trust.proxies;
      },
      get gatewayToken() {
        return trust.gatewayToken;
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const forged = {
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-host': 'other-campus.example.edu',
    'x-forwarded-proto': 'https',
    forwarded: 'for=203.0.113.9',
  };

  async function send(headers: Record<string, string>) {
    const response = await request(url, { headers });
    await response.body.dump();
    return seen;
  }

  it('drops the forwarding headers of a peer that is not a trusted proxy', async () => {
    trust = { proxies: TrustedProxies.parse('10.0.0.0/8'), gatewayToken: 'secret-token' };
    const { headers, client } = await send(forged);
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-forwarded-proto']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(client).toBe('127.0.0.1');
  });

  it('drops them with a wrong gateway token, and never passes the token on', async () => {
    trust = { proxies: TrustedProxies.parse('none'), gatewayToken: 'secret-token' };
    const { headers } = await send({ ...forged, [GATEWAY_TOKEN_HEADER]: 'secret-tokeN' });
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers[GATEWAY_TOKEN_HEADER]).toBeUndefined();
  });

  it('keeps them from the gateway proving itself with the token', async () => {
    trust = { proxies: TrustedProxies.parse('none'), gatewayToken: 'secret-token' };
    const { headers, client } = await send({ ...forged, [GATEWAY_TOKEN_HEADER]: 'secret-token' });
    expect(headers['x-forwarded-host']).toBe('other-campus.example.edu');
    expect(headers[GATEWAY_TOKEN_HEADER]).toBeUndefined();
    expect(client).toBe('203.0.113.9');
  });

  it('keeps them from a trusted peer, and believes X-Forwarded-For only through trusted hops', async () => {
    trust = { proxies: TrustedProxies.parse('loopback, 10.0.0.0/8') };
    const { headers, client } = await send({
      ...forged,
      'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.1.2.3',
    });
    expect(headers['x-forwarded-host']).toBe('other-campus.example.edu');
    // 10.1.2.3 is an inner proxy; 203.0.113.9 is not, so what it claims (198.51.100.1) is not believed.
    expect(client).toBe('203.0.113.9');
  });
});
