import type { IncomingHttpHeaders } from 'node:http';

/** `Campus.Example.ac.id:8080` → `campus.example.ac.id` (as identity stores campus domains). */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const withoutPort = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.split(':')[0];
  return withoutPort.replace(/\.$/, '');
}

/**
 * The host the browser used, which names the campus: the `x-forwarded-host` the gateway sets,
 * else the request's own `host`; only the first entry of a list counts. Normalized.
 */
export function browserHost(headers: IncomingHttpHeaders): string {
  const header = headers['x-forwarded-host'] ?? headers.host ?? '';
  const value = Array.isArray(header) ? header[0] : header;
  return normalizeHost(value.split(',')[0] ?? '');
}
