import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { browserHost } from '@lms/auth';
import { notFound } from '@lms/jsonapi';
import { TenantProjection } from './tenant-projection.entity';

@Injectable()
export class CampusResolver {
  constructor(private readonly dataSource: DataSource) {}

  async resolve(request: FastifyRequest): Promise<TenantProjection> {
    const host = browserHost(request.headers);
    const tenant = host
      ? await this.dataSource.getRepository(TenantProjection).findOneBy({ domain: host })
      : null;
    if (!tenant) throw notFound(`No campus is served at ${host || 'this address'}`);
    return tenant;
  }
}
