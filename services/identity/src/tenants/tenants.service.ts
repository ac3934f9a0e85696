import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { normalizeHost } from '@lms/auth';
import { applyQuery, type ParsedQuery } from '@lms/jsonapi';
import { Tenant } from './tenant.entity';

@Injectable()
export class TenantsService {
  constructor(@InjectRepository(Tenant) private readonly tenants: Repository<Tenant>) {}

  findByHost(host: string): Promise<Tenant | null> {
    return this.tenants.findOneBy({ domain: normalizeHost(host) });
  }

  findById(id: number): Promise<Tenant | null> {
    return this.tenants.findOneBy({ id });
  }

  async list(query: ParsedQuery): Promise<[Tenant[], number]> {
    return applyQuery(this.tenants.createQueryBuilder('tenant'), query).getManyAndCount();
  }
}
