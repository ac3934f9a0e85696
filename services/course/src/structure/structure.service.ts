import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  applyQuery,
  attributePointer,
  conflict,
  notFound,
  type ParsedQuery,
  unprocessable,
} from '@lms/jsonapi';
import { CourseAccess, readsSql, seesHiddenSql } from '../courses/course-access.service';
import { Activity } from './activity.entity';
import { CourseModule } from './module.entity';
import { lockCourse, nextIndex, recordStructureChanged } from './structure.data';
import {
  assertSchedule,
  BATCH_MODULE_NAMES,
  DEFAULT_ACTIVITY_NAME,
  DEFAULT_MODULE_NAME,
  type SortType,
} from './structure.rules';

export interface ScheduleInput {
  name?: string;
  index?: number;
  is_active?: boolean;
  start_at?: Date | null;
  end_at?: Date | null;
}

/** A module, or an activity archived by itself, in a course's archive, with what it holds. */
export interface ArchivedItem {
  kind: 'module' | 'activity';
  id: number;
  courseId: number;
  name: string;
  /** The module of an activity. */
  moduleName: string | null;
  deletedAt: Date;
  /** The activities and contents archived with it (restored with it). */
  activities: number;
  contents: number;
}

/**
 * Archives modules with what they hold that is still live: their activities and the contents of
 * both, marked as archived with the module (what was archived before keeps its own mark).
 */
async function archiveModuleRows(manager: EntityManager, ids: number[]): Promise<void> {
  const now = new Date();
  await manager.query(
    `UPDATE contents SET deleted_at = $2, archived_with_module = m.id
       FROM modules m
      WHERE m.id = ANY($1) AND contents.deleted_at IS NULL
        AND ((contents.contentable_type = 'modules' AND contents.contentable_id = m.id)
          OR (contents.contentable_type = 'activities' AND contents.contentable_id IN
              (SELECT a.id FROM activities a WHERE a.module_id = m.id AND a.deleted_at IS NULL)))`,
    [ids, now],
  );
  await manager.query(
    `UPDATE activities SET deleted_at = $2, archived_with_module = module_id
      WHERE module_id = ANY($1) AND deleted_at IS NULL`,
    [ids, now],
  );
  await manager.query(`UPDATE modules SET deleted_at = $2 WHERE id = ANY($1)`, [ids, now]);
}

export interface ActivityInput extends ScheduleInput {
  parent_id?: number | null;
}

/**
 * Modules and activities (the spec's submodules) of a course. Reads are for whoever may read the
 * course (students see only active items); writes for those who teach it. Every write records
 * `course.structure.changed` in its transaction.
 */
@Injectable()
export class StructureService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
  ) {}

  // ---- modules ----

  private visibleModules(auth: AuthContext, include: string[]): SelectQueryBuilder<CourseModule> {
    const qb = this.dataSource
      .getRepository(CourseModule)
      .createQueryBuilder('module')
      .innerJoin('module.course', 'course')
      .where('course.tenant_id = :tenantId AND module.deleted_at IS NULL', {
        tenantId: auth.tenantId,
        me: auth.userId,
      })
      .andWhere(`(${seesHiddenSql('course', auth)} OR (${readsSql('course', auth)} AND module.is_active))`);
    if (include.includes('activities')) {
      qb.leftJoinAndSelect(
        'module.activities',
        'activity',
        `activity.deleted_at IS NULL AND (activity.is_active OR ${seesHiddenSql('course', auth)})`,
      );
    }
    return qb;
  }

  listModules(auth: AuthContext, query: ParsedQuery): Promise<[CourseModule[], number]> {
    return applyQuery(this.visibleModules(auth, query.include), query).getManyAndCount();
  }

  async getModule(auth: AuthContext, id: number, include: string[]): Promise<CourseModule> {
    const module = await this.visibleModules(auth, include).andWhere('module.id = :id', { id }).getOne();
    if (!module) throw notFound('Module not found');
    return module;
  }

  /**
   * A module of the caller's campus that the caller teaches, live (or `archived`); 404 for any
   * other.
   */
  private async taughtModule(auth: AuthContext, id: number, archived = false): Promise<CourseModule> {
    const module = await this.dataSource
      .getRepository(CourseModule)
      .createQueryBuilder('module')
      .innerJoin('module.course', 'course')
      .where('module.id = :id AND course.tenant_id = :tenantId', { id, tenantId: auth.tenantId })
      .andWhere(archived ? 'module.deleted_at IS NOT NULL' : 'module.deleted_at IS NULL')
      .getOne();
    if (!module) throw notFound('Module not found');
    await this.access.requireTeaching(auth, module.courseId);
    return module;
  }

  async createModule(auth: AuthContext, courseId: number, input: ScheduleInput): Promise<CourseModule> {
    await this.access.requireTeaching(auth, courseId);
    assertSchedule(input.start_at, input.end_at);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      const index = await nextIndex(manager, 'modules', 'course_id = $1', [courseId]);
      const module = await manager.save(
        manager.create(CourseModule, {
          courseId,
          index,
          name: input.name ?? DEFAULT_MODULE_NAME,
          isActive: input.is_active ?? true,
          startAt: input.start_at ?? null,
          endAt: input.end_at ?? null,
        }),
      );
      await recordStructureChanged(manager, auth, courseId, 'module', 'created', [module.id]);
      return module;
    });
  }

  /** The sixteen modules of a standard semester (spec 02 §9), after the existing ones. */
  async createModuleBatch(auth: AuthContext, courseId: number): Promise<CourseModule[]> {
    await this.access.requireTeaching(auth, courseId);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      const first = await nextIndex(manager, 'modules', 'course_id = $1', [courseId]);
      const modules = await manager.save(
        BATCH_MODULE_NAMES.map((name, offset) =>
          manager.create(CourseModule, { courseId, index: first + offset, name, isActive: true }),
        ),
      );
      await recordStructureChanged(
        manager,
        auth,
        courseId,
        'module',
        'created',
        modules.map((module) => module.id),
      );
      return modules;
    });
  }

  async updateModule(auth: AuthContext, id: number, input: ScheduleInput): Promise<CourseModule> {
    const module = await this.taughtModule(auth, id);
    applySchedule(module, input);
    return this.unit.run(async (manager) => {
      const saved = await manager.save(module);
      await recordStructureChanged(manager, auth, module.courseId, 'module', 'updated', [id]);
      return saved;
    });
  }

  /** Archives a module with its activities and contents (the editor's delete); restorable together. */
  async deleteModule(auth: AuthContext, id: number): Promise<void> {
    const module = await this.taughtModule(auth, id);
    await this.unit.run(async (manager) => {
      await lockCourse(manager, module.courseId);
      await archiveModuleRows(manager, [id]);
      await recordStructureChanged(manager, auth, module.courseId, 'module', 'archived', [id]);
    });
  }

  /**
   * Archives every listed module (with what it holds) or none: each must be a live module of a
   * course the caller teaches.
   */
  async deleteModules(auth: AuthContext, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const modules = await this.dataSource
      .getRepository(CourseModule)
      .createQueryBuilder('module')
      .innerJoin('module.course', 'course')
      .where('module.id IN (:...ids) AND course.tenant_id = :tenantId AND module.deleted_at IS NULL', {
        ids: unique,
        tenantId: auth.tenantId,
      })
      .getMany();
    if (modules.length !== unique.length) throw notFound('Module not found');
    const courseIds = [...new Set(modules.map((module) => module.courseId))];
    for (const courseId of courseIds) await this.access.requireTeaching(auth, courseId);
    await this.unit.run(async (manager) => {
      for (const courseId of courseIds) await lockCourse(manager, courseId);
      await archiveModuleRows(manager, unique);
      for (const courseId of courseIds) {
        const archived = modules.filter((module) => module.courseId === courseId).map((module) => module.id);
        await recordStructureChanged(manager, auth, courseId, 'module', 'archived', archived);
      }
    });
    return unique;
  }

  /**
   * Brings an archived module back, last in its course, with the activities and contents its
   * archiving took along, as they were (what was archived before it stays in the archive).
   */
  async restoreModule(auth: AuthContext, id: number): Promise<CourseModule> {
    const module = await this.taughtModule(auth, id, true);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, module.courseId);
      module.index = await nextIndex(manager, 'modules', 'course_id = $1 AND deleted_at IS NULL', [
        module.courseId,
      ]);
      module.deletedAt = null;
      const saved = await manager.save(module);
      await manager.query(
        `UPDATE activities SET deleted_at = NULL, archived_with_module = NULL WHERE archived_with_module = $1`,
        [id],
      );
      await manager.query(
        `UPDATE contents SET deleted_at = NULL, archived_with_module = NULL WHERE archived_with_module = $1`,
        [id],
      );
      await recordStructureChanged(manager, auth, module.courseId, 'module', 'restored', [id]);
      return saved;
    });
  }

  /** Deletes an archived module for good, with everything it holds (archived with it or before). */
  async purgeModule(auth: AuthContext, id: number): Promise<void> {
    const module = await this.taughtModule(auth, id, true);
    await this.unit.run(async (manager) => {
      // the course's structure changes one at a time (a purge beside an archive deadlocked)
      await lockCourse(manager, module.courseId);
      const [still] = await manager.query(`SELECT 1 FROM modules WHERE id = $1 AND deleted_at IS NOT NULL`, [
        id,
      ]);
      if (!still) throw notFound('Module not found');
      await manager.query(
        `DELETE FROM contents WHERE (contentable_type = 'modules' AND contentable_id = $1)
            OR (contentable_type = 'activities' AND contentable_id IN
                (SELECT id FROM activities WHERE module_id = $1))`,
        [id],
      );
      await manager.query(`DELETE FROM modules WHERE id = $1`, [id]);
      await recordStructureChanged(manager, auth, module.courseId, 'module', 'deleted', [id]);
    });
  }

  /**
   * The archive of a course's structure: archived modules, and activities archived by themselves
   * (those archived with their module are part of it), newest first, with what they hold.
   */
  async archive(auth: AuthContext, courseId: number): Promise<ArchivedItem[]> {
    await this.access.requireTeaching(auth, courseId);
    const rows: Array<{
      kind: 'module' | 'activity';
      id: string;
      name: string;
      module_name: string | null;
      deleted_at: Date;
      activities: number;
      contents: number;
    }> = await this.dataSource.query(
      `SELECT 'module' AS kind, m.id, m.name, NULL AS module_name, m.deleted_at,
              (SELECT count(*) FROM activities a WHERE a.archived_with_module = m.id)::int AS activities,
              (SELECT count(*) FROM contents c WHERE c.archived_with_module = m.id)::int AS contents
         FROM modules m WHERE m.course_id = $1 AND m.deleted_at IS NOT NULL
       UNION ALL
       SELECT 'activity', a.id, a.name, m.name, a.deleted_at, 0,
              (SELECT count(*) FROM contents c WHERE c.archived_with_activity = a.id)::int
         FROM activities a JOIN modules m ON m.id = a.module_id
        WHERE m.course_id = $1 AND a.deleted_at IS NOT NULL AND a.archived_with_module IS NULL
       ORDER BY deleted_at DESC, id DESC`,
      [courseId],
    );
    return rows.map((row) => ({
      kind: row.kind,
      id: Number(row.id),
      courseId,
      name: row.name,
      moduleName: row.module_name,
      deletedAt: row.deleted_at,
      activities: row.activities,
      contents: row.contents,
    }));
  }

  // ---- activities ----

  private visibleActivities(auth: AuthContext): SelectQueryBuilder<Activity> {
    return this.dataSource
      .getRepository(Activity)
      .createQueryBuilder('activity')
      .innerJoinAndSelect('activity.module', 'module')
      .innerJoin('module.course', 'course')
      .where('course.tenant_id = :tenantId AND activity.deleted_at IS NULL AND module.deleted_at IS NULL', {
        tenantId: auth.tenantId,
        me: auth.userId,
      })
      .andWhere(
        `(${seesHiddenSql('course', auth)} OR (${readsSql('course', auth)} AND module.is_active AND activity.is_active))`,
      );
  }

  listActivities(auth: AuthContext, query: ParsedQuery): Promise<[Activity[], number]> {
    return applyQuery(this.visibleActivities(auth), query).getManyAndCount();
  }

  async getActivity(auth: AuthContext, id: number): Promise<Activity> {
    const activity = await this.visibleActivities(auth).andWhere('activity.id = :id', { id }).getOne();
    if (!activity) throw notFound('Activity not found');
    return activity;
  }

  /** A live activity of a live module the caller teaches; 404 for any other. */
  private async taughtActivity(auth: AuthContext, id: number): Promise<Activity> {
    const activity = await this.dataSource
      .getRepository(Activity)
      .createQueryBuilder('activity')
      .innerJoinAndSelect('activity.module', 'module')
      .innerJoin('module.course', 'course')
      .where('activity.id = :id AND course.tenant_id = :tenantId', { id, tenantId: auth.tenantId })
      .andWhere('activity.deleted_at IS NULL AND module.deleted_at IS NULL')
      .getOne();
    if (!activity) throw notFound('Activity not found');
    await this.access.requireTeaching(auth, activity.module!.courseId);
    return activity;
  }

  /** A parent activity must be another activity of the same module. */
  private async assertParent(moduleId: number, parentId: number | null | undefined, self?: number) {
    if (parentId === undefined || parentId === null) return;
    const parent = await this.dataSource.getRepository(Activity).findOneBy({ id: parentId, moduleId });
    if (!parent || parentId === self) {
      throw unprocessable([
        {
          pointer: attributePointer('parent_id'),
          detail: 'parent_id must be another activity of the same module',
        },
      ]);
    }
  }

  async createActivity(auth: AuthContext, moduleId: number, input: ActivityInput): Promise<Activity> {
    const module = await this.taughtModule(auth, moduleId);
    assertSchedule(input.start_at, input.end_at);
    await this.assertParent(moduleId, input.parent_id);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, module.courseId);
      const index = await nextIndex(manager, 'activities', 'module_id = $1', [moduleId]);
      const activity = await manager.save(
        manager.create(Activity, {
          moduleId,
          parentId: input.parent_id ?? null,
          index,
          name: input.name ?? DEFAULT_ACTIVITY_NAME,
          isActive: input.is_active ?? true,
          startAt: input.start_at ?? null,
          endAt: input.end_at ?? null,
        }),
      );
      await recordStructureChanged(manager, auth, module.courseId, 'activity', 'created', [activity.id]);
      activity.module = module;
      return activity;
    });
  }

  async updateActivity(auth: AuthContext, id: number, input: ActivityInput): Promise<Activity> {
    const activity = await this.taughtActivity(auth, id);
    await this.assertParent(activity.moduleId, input.parent_id, id);
    applySchedule(activity, input);
    if (input.parent_id !== undefined) activity.parentId = input.parent_id;
    return this.unit.run(async (manager) => {
      const saved = await manager.save(activity);
      await recordStructureChanged(manager, auth, activity.module!.courseId, 'activity', 'updated', [id]);
      return saved;
    });
  }

  /** Archives an activity with its contents (the editor's delete); restorable together. */
  async deleteActivity(auth: AuthContext, id: number): Promise<void> {
    const activity = await this.taughtActivity(auth, id);
    await this.unit.run(async (manager) => {
      await lockCourse(manager, activity.module!.courseId);
      const now = new Date();
      await manager.query(
        `UPDATE contents SET deleted_at = $2, archived_with_activity = $1
          WHERE contentable_type = 'activities' AND contentable_id = $1 AND deleted_at IS NULL`,
        [id, now],
      );
      await manager.update(Activity, { id }, { deletedAt: now, archivedWithModule: null });
      await recordStructureChanged(manager, auth, activity.module!.courseId, 'activity', 'archived', [id]);
    });
  }

  /**
   * Brings an activity archived by itself back, last in its module, with the contents its
   * archiving took along. One archived with its module comes back with the module (409 here).
   */
  async restoreActivity(auth: AuthContext, id: number): Promise<Activity> {
    const activity = await this.archivedActivity(auth, id);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, activity.module!.courseId);
      activity.index = await nextIndex(manager, 'activities', 'module_id = $1 AND deleted_at IS NULL', [
        activity.moduleId,
      ]);
      activity.deletedAt = null;
      const saved = await manager.save(activity);
      await manager.query(
        `UPDATE contents SET deleted_at = NULL, archived_with_activity = NULL WHERE archived_with_activity = $1`,
        [id],
      );
      await recordStructureChanged(manager, auth, activity.module!.courseId, 'activity', 'restored', [id]);
      return saved;
    });
  }

  /** Deletes an activity archived by itself for good, with its contents. */
  async purgeActivity(auth: AuthContext, id: number): Promise<void> {
    const activity = await this.archivedActivity(auth, id);
    await this.unit.run(async (manager) => {
      await lockCourse(manager, activity.module!.courseId);
      const [still] = await manager.query(
        `SELECT 1 FROM activities WHERE id = $1 AND deleted_at IS NOT NULL AND archived_with_module IS NULL`,
        [id],
      );
      if (!still) throw notFound('Activity not found');
      await manager.query(
        `DELETE FROM contents WHERE contentable_type = 'activities' AND contentable_id = $1`,
        [id],
      );
      await manager.query(`UPDATE activities SET parent_id = NULL WHERE parent_id = $1`, [id]);
      await manager.delete(Activity, { id });
      await recordStructureChanged(manager, auth, activity.module!.courseId, 'activity', 'deleted', [id]);
    });
  }

  /** An archived activity of a course the caller teaches; 409 when it went with its module. */
  private async archivedActivity(auth: AuthContext, id: number): Promise<Activity> {
    const activity = await this.dataSource
      .getRepository(Activity)
      .createQueryBuilder('activity')
      .innerJoinAndSelect('activity.module', 'module')
      .innerJoin('module.course', 'course')
      .where('activity.id = :id AND course.tenant_id = :tenantId AND activity.deleted_at IS NOT NULL', {
        id,
        tenantId: auth.tenantId,
      })
      .getOne();
    if (!activity) throw notFound('Activity not found');
    await this.access.requireTeaching(auth, activity.module!.courseId);
    if (activity.module!.deletedAt !== null) {
      throw conflict(
        `This activity is archived with its module '${activity.module!.name}': restore the module to bring it back`,
      );
    }
    return activity;
  }

  // ---- order ----

  /**
   * Reorders one list of siblings: every module of the course, every activity of one of its
   * modules, or every (non-archived) content of one module, activity or the course. `ids` must be
   * that complete list, each once; anything else is a 422 and changes nothing.
   */
  async sort(auth: AuthContext, courseId: number, type: SortType, ids: number[]): Promise<void> {
    await this.access.requireTeaching(auth, courseId);
    const problem = (detail: string) => unprocessable([{ pointer: attributePointer('ids'), detail }]);
    if (new Set(ids).size !== ids.length) throw problem('ids must list each item once');
    await this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      const siblings = await this.siblingsOf(manager, courseId, type, ids[0]);
      if (siblings === null)
        throw problem(`ids contains ${ids[0]}, which is not one of the course's ${type}`);
      const known = new Set(siblings);
      const foreign = ids.filter((id) => !known.has(id));
      if (foreign.length > 0) {
        throw problem(`ids contains ${foreign.join(', ')}, not in the same list of the course's ${type}`);
      }
      const listed = new Set(ids);
      const missing = siblings.filter((id) => !listed.has(id));
      if (missing.length > 0)
        throw problem(`ids must list all ${siblings.length} items; missing ${missing.join(', ')}`);
      const table = type === 'modules' ? 'modules' : type === 'activities' ? 'activities' : 'contents';
      await manager.query(
        `UPDATE ${table} AS t SET index = o.position - 1
           FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, position) WHERE t.id = o.id`,
        [ids],
      );
      const subject = type === 'modules' ? 'module' : type === 'activities' ? 'activity' : 'content';
      await recordStructureChanged(manager, auth, courseId, subject, 'sorted', ids);
    });
  }

  /** The ids of the list `firstId` belongs to, within the course; null when it is not in the course. */
  private async siblingsOf(
    manager: EntityManager,
    courseId: number,
    type: SortType,
    firstId: number,
  ): Promise<number[] | null> {
    const ids = async (sql: string, parameters: unknown[]) =>
      ((await manager.query(sql, parameters)) as Array<{ id: number }>).map((row) => row.id);
    if (type === 'modules')
      return ids(`SELECT id FROM modules WHERE course_id = $1 AND deleted_at IS NULL`, [courseId]);
    if (type === 'activities') {
      const [owner]: Array<{ module_id: number }> = await manager.query(
        `SELECT a.module_id FROM activities a JOIN modules m ON m.id = a.module_id
          WHERE a.id = $1 AND m.course_id = $2 AND a.deleted_at IS NULL AND m.deleted_at IS NULL`,
        [firstId, courseId],
      );
      if (!owner) return null;
      return ids(`SELECT id FROM activities WHERE module_id = $1 AND deleted_at IS NULL`, [owner.module_id]);
    }
    const [owner]: Array<{ contentable_type: string; contentable_id: number }> = await manager.query(
      `SELECT contentable_type, contentable_id FROM contents
        WHERE id = $1 AND course_id = $2 AND deleted_at IS NULL`,
      [firstId, courseId],
    );
    if (!owner) return null;
    return ids(
      `SELECT id FROM contents WHERE contentable_type = $1 AND contentable_id = $2 AND deleted_at IS NULL`,
      [owner.contentable_type, owner.contentable_id],
    );
  }
}

function applySchedule(item: CourseModule | Activity, input: ScheduleInput): void {
  if (input.name !== undefined) item.name = input.name;
  if (input.index !== undefined) item.index = input.index;
  if (input.is_active !== undefined) item.isActive = input.is_active;
  if (input.start_at !== undefined) item.startAt = input.start_at;
  if (input.end_at !== undefined) item.endAt = input.end_at;
  assertSchedule(item.startAt, item.endAt);
}
