import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { applyQuery, type ParsedQuery } from '@lms/jsonapi';
import { Faculty } from './faculty.entity';

/** The faculties of a campus, as its operators made them (`/api/admin/faculties`, `npm run structure`) or the seed. */
@Injectable()
export class FacultiesService {
  constructor(private readonly dataSource: DataSource) {}

  list(auth: AuthContext, query: ParsedQuery): Promise<[Faculty[], number]> {
    const qb = this.dataSource
      .getRepository(Faculty)
      .createQueryBuilder('faculty')
      .where('faculty.tenant_id = :tenantId', { tenantId: auth.tenantId });
    return applyQuery(qb, query).getManyAndCount();
  }
}
