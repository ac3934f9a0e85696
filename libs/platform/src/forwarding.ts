import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * The header by which the gateway proves to a service that it set the `x-forwarded-*` headers of
 * a request: the shared INTERNAL_TOKEN. Services trust the client address and host the gateway
 * forwards from any peer carrying it (the gateway's pods have no fixed address), and from the
 * peers in their own TRUSTED_PROXIES (loopback by default: the all-in-one process).
 */
export const GATEWAY_TOKEN_HEADER = 'x-gateway-token';

/**
 * The headers a proxy sets about the client, and the W3C trace context of the caller's trace: from
 * anyone else they are forgeries (a client could pick a campus, escape a throttle, or join its
 * requests to another's trace and force them to be sampled).
 */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'traceparent',
  'tracestate',
];

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/** Peer addresses whose verdict one list remembers at most (clients of every address pass by). */
const MAX_VERDICTS = 10_000;

/**
 * The peers whose forwarding headers (`X-Forwarded-For`, `-Host`, `-Proto`) are believed: the
 * `TRUSTED_PROXIES` list of addresses and CIDRs (`10.0.0.0/8, 192.168.1.7, fd00::/8`), the names
 * `loopback`, `private`, `linklocal`, or `none`. IPv4-mapped IPv6 peers (`::ffff:10.1.2.3`) are
 * matched as IPv4.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  /** The answer for each peer address seen lately (the list never changes). */
  private readonly verdicts = new Map<string, boolean>();

  private constructor(readonly entries: readonly string[]) {}

  /** Parses the variable's value; throws naming the entry that is not an address or CIDR. */
  static parse(spec: string): TrustedProxies {
    const entries = spec
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry && entry !== 'none');
    const proxies = new TrustedProxies(entries);
    for (const entry of entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry])) {
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address);
      const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
      if (
        family === 0 ||
        extra !== undefined ||
        !/^\d+$/.test(bits ?? '0') ||
        prefix > (family === 6 ? 128 : 32)
      ) {
        throw new Error(
          `has "${entry}", which is not an IP address, a CIDR range or one of loopback, private, linklocal, none`,
        );
      }
      proxies.list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    }
    return proxies;
  }

  /** Whether a direct peer at `address` may tell the client's address and host. */
  trusts(address: string | undefined): boolean {
    if (!address || this.entries.length === 0) return false;
    // Asked on every request; a BlockList check builds address objects each time.
    let verdict = this.verdicts.get(address);
    if (verdict === undefined) {
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
      const family = isIP(address);
      verdict = mapped
        ? this.list.check(mapped[1], 'ipv4')
        : family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
      if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
      this.verdicts.set(address, verdict);
    }
    return verdict;
  }
}

/**
 * The client's address as Fastify tells it (`request.ip`) for a raw request that passed
 * `guardForwardedHeaders`: the peer, then X-Forwarded-For from the right while each hop so far
 * is a trusted proxy.
 */
export function clientAddress(request: IncomingMessage, proxies: TrustedProxies): string {
  const header = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let address = request.socket.remoteAddress ?? '';
  for (let hop = 0; chain.length > 0 && (hop === 0 || proxies.trusts(address)); hop++) {
    address = chain.pop() as string;
  }
  return address;
}

export interface ForwardingTrust {
  proxies: TrustedProxies;
  /** Services: the INTERNAL_TOKEN the gateway sends in `x-gateway-token`. */
  gatewayToken?: string;
}

/**
 * Whether the sender of `request` is a trusted proxy: its address is in the list, or it carries
 * the gateway's token. The token header is removed either way, so no handler or log sees it.
 */
export function fromTrustedProxy(request: IncomingMessage, trust: ForwardingTrust): boolean {
  const header = request.headers[GATEWAY_TOKEN_HEADER];
  delete request.headers[GATEWAY_TOKEN_HEADER];
  if (trust.proxies.trusts(request.socket.remoteAddress)) return true;
  if (!trust.gatewayToken || typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(trust.gatewayToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Drops the forwarding and trace-context headers of every request and upgrade that does not come
 * from a trusted proxy, before anything reads them (Fastify's `request.ip`/`request.host`, the
 * campus of the host, socket.io handshakes, the trace a request continues).
 */
export function guardForwardedHeaders(server: Server, trust: ForwardingTrust): void {
  const guard = (request: IncomingMessage) => {
    if (fromTrustedProxy(request, trust)) return;
    for (const name of FORWARDING_HEADERS) delete request.headers[name];
  };
  server.prependListener('request', guard);
  server.prependListener('upgrade', guard);
}
