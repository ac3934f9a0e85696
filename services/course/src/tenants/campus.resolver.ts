import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { notFound } from '@lms/jsonapi';
import { TenantProjection } from './tenant-projection.entity';

/** `Campus.Example.ac.id:8080` → `campus.example.ac.id` (as identity stores domains). */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const withoutPort = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.split(':')[0];
  return withoutPort.replace(/\.$/, '');
}

/**
 * The host a request was made to: the `x-forwarded-host` the gateway sets (the browser's host),
 * else the request's own `host`. Only the first entry of a list counts.
 */
export function requestHost(request: FastifyRequest): string {
  const header = request.headers['x-forwarded-host'] ?? request.headers.host ?? '';
  const value = Array.isArray(header) ? header[0] : header;
  return normalizeHost(value.split(',')[0] ?? '');
}

/** Finds the campus of a call that carries no token (`/public/*`) by its host name. */
@Injectable()
export class CampusResolver {
  constructor(private readonly dataSource: DataSource) {}

  async resolve(request: FastifyRequest): Promise<TenantProjection> {
    const host = requestHost(request);
    const tenant = host
      ? await this.dataSource.getRepository(TenantProjection).findOneBy({ domain: host })
      : null;
    if (!tenant) throw notFound(`No campus is served at ${host || 'this address'}`);
    return tenant;
  }
}
