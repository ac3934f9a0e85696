import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { ProjectAccess } from '../access';
import { peopleByIds, personOf } from '../people';
import { ProjectActivity } from './activity.entity';
import type { ReadActivity } from './timeline.resource';

/** A project's timeline: the entries `ProjectAccess.record` wrote with each change. */
@Injectable()
export class TimelineService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ProjectAccess,
  ) {}

  /** `limit` entries before entry `before` (the newest without it), newest first, and the next cursor. */
  async page(
    auth: AuthContext,
    projectId: number,
    before: number | undefined,
    limit: number,
  ): Promise<{ items: ReadActivity[]; next: string | null }> {
    await this.access.memberProject(auth, projectId);
    const rows = await this.dataSource
      .getRepository(ProjectActivity)
      .createQueryBuilder('a')
      .where('a.project_id = :projectId', { projectId })
      .andWhere(before === undefined ? 'TRUE' : 'a.id < :before', { before })
      .orderBy('a.id', 'DESC')
      .take(limit + 1)
      .getMany();
    const page = rows.slice(0, limit);
    const people = await peopleByIds(
      this.dataSource.manager,
      auth.tenantId,
      page.map((row) => Number(row.actorId)),
    );
    return {
      items: page.map((row) => Object.assign(row, { actor: personOf(people, Number(row.actorId)) })),
      next: rows.length > limit ? String(page[page.length - 1].id) : null,
    };
  }
}
