import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { applyQuery, notFound, type ParsedQuery } from '@lms/jsonapi';
import { Course } from '../courses/course.entity';
import { CourseView } from './course-view.entity';
import { ViewCounter } from './view-counter';

export interface ViewInput {
  campus?: string | null;
  roles?: string | null;
  code?: string | null;
  name?: string | null;
  province?: string | null;
  is_verify?: boolean | null;
}

/**
 * The public catalogue of a campus, read without a token: its active courses that are public
 * (readable by anyone) or free (open to join). Only active modules and activities are shown.
 */
@Injectable()
export class PublicCatalogueService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly views: ViewCounter,
  ) {}

  private catalogue(tenantId: number, include: string[]): SelectQueryBuilder<Course> {
    const qb = this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .where('course.tenant_id = :tenantId AND course.is_active AND (course.is_public OR course.is_free)', {
        tenantId,
      });
    const wants = (path: string) => include.some((item) => item === path || item.startsWith(`${path}.`));
    if (wants('modules'))
      qb.leftJoinAndSelect('course.modules', 'module', 'module.is_active AND module.deleted_at IS NULL');
    if (wants('modules.activities'))
      qb.leftJoinAndSelect(
        'module.activities',
        'activity',
        'activity.is_active AND activity.deleted_at IS NULL',
      );
    if (wants('lecturer')) qb.leftJoinAndSelect('course.lecturer', 'lecturer');
    return qb;
  }

  list(tenantId: number, query: ParsedQuery): Promise<[Course[], number]> {
    return applyQuery(this.catalogue(tenantId, query.include), query).getManyAndCount();
  }

  /** "Explore": the free courses of the catalogue. */
  explore(tenantId: number, query: ParsedQuery): Promise<[Course[], number]> {
    return applyQuery(
      this.catalogue(tenantId, query.include).andWhere('course.is_free'),
      query,
    ).getManyAndCount();
  }

  async get(tenantId: number, id: number, include: string[]): Promise<Course> {
    const course = await this.catalogue(tenantId, include).andWhere('course.id = :id', { id }).getOne();
    if (!course) throw notFound('Course not found');
    return course;
  }

  /**
   * Records a visit of a catalogue course's page, once per visitor (the client address) and
   * hour: null when this visitor's visit is already counted. A 429 for an address reporting
   * views too often.
   */
  async recordView(
    tenantId: number,
    courseId: number,
    input: ViewInput,
    ipAddress: string,
  ): Promise<CourseView | null> {
    await this.get(tenantId, courseId, []);
    if (!(await this.views.admit(tenantId, courseId, ipAddress))) return null;
    return this.dataSource.getRepository(CourseView).save({
      tenantId,
      courseId,
      campus: input.campus ?? null,
      roles: input.roles ?? null,
      code: input.code ?? null,
      name: input.name ?? null,
      province: input.province ?? null,
      isVerify: input.is_verify ?? null,
      ipAddress: ipAddress.slice(0, 64),
    });
  }
}
