import { Controller, Get, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  applyQuery,
  pageMeta,
  parseQuery,
  type QuerySpec,
  type RawQuery,
  type ResourceType,
  toDocument,
} from '@lms/jsonapi';
import { Faculty } from './faculty.entity';

export const facultyResource: ResourceType<Faculty> = {
  type: 'faculties',
  attributes: (faculty) => ({
    name: faculty.name,
    code: faculty.code,
    created_at: faculty.createdAt,
    updated_at: faculty.updatedAt,
  }),
};

export const facultyQuery: QuerySpec = {
  filters: {
    id: { column: 'faculty.id', type: 'integer', ops: ['is', 'in'] },
    name: { column: 'faculty.name', type: 'string', ops: ['is', 'like'] },
    code: { column: 'faculty.code', type: 'string', ops: ['is', 'in'] },
  },
  sorts: { id: 'faculty.id', name: 'faculty.name', code: 'faculty.code' },
  defaultSort: 'name',
  /** Spec §9 (document 3): faculties 20 a page. */
  defaultLimit: 20,
  maxLimit: 500,
};

/** The faculties of the caller's campus; every signed-in user may list them. */
@Controller('api/course')
export class FacultiesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('faculties')
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, facultyQuery, { timeZone: auth.timeZone });
    const qb = this.dataSource
      .getRepository(Faculty)
      .createQueryBuilder('faculty')
      .where('faculty.tenant_id = :tenantId', { tenantId: auth.tenantId });
    const [faculties, total] = await applyQuery(qb, query).getManyAndCount();
    return toDocument(facultyResource, faculties, { meta: pageMeta(total, query), timeZone: auth.timeZone });
  }
}
