import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, IsNull, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { attributePointer, notFound, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { hasVisibleContent, richTextOf } from '@lms/richtext';
import { Content } from '../contents/content.entity';
import { weightsTotal } from '../gradebook/gradebook.data';
import { shareFiles } from '../contents/course-files.data';
import { recordStaffChanged } from '../staff/staff.data';
import { recordCourseUpserted } from './course-snapshot.data';
import { lockCourse, nextIndex, recordStructureChanged } from '../structure/structure.data';
import { assertSchedule } from '../structure/structure.rules';
import { planStructureCopy } from '../structure/structure-copy.plan';
import { Activity } from '../structure/activity.entity';
import { CourseModule } from '../structure/module.entity';
import { CourseAccess, LECTURER_ONLY, TEACHING } from './course-access.service';
import { Course } from './course.entity';

export interface CourseChanges {
  name?: string;
  code?: string | null;
  description?: string | null;
  period_id?: number | null;
  lecturer_id?: number | null;
  is_active?: boolean;
  thumbnail?: string | null;
  start_at?: Date | null;
  end_at?: Date | null;
  is_open?: boolean;
  is_public?: boolean;
  is_free?: boolean;
  gradebook_publish?: boolean;
  gradebook_presence?: boolean;
  completion_tracking?: boolean;
}

const FIELDS: Array<[keyof CourseChanges, keyof Course]> = [
  ['name', 'name'],
  ['code', 'code'],
  ['description', 'description'],
  ['period_id', 'periodId'],
  ['lecturer_id', 'lecturerId'],
  ['is_active', 'isActive'],
  ['thumbnail', 'thumbnail'],
  ['start_at', 'startAt'],
  ['end_at', 'endAt'],
  ['is_open', 'isOpen'],
  ['is_public', 'isPublic'],
  ['is_free', 'isFree'],
  ['gradebook_publish', 'gradebookPublish'],
  ['gradebook_presence', 'gradebookPresence'],
  ['completion_tracking', 'completionTracking'],
];

/** A description as stored: sanitized rich text, or none when nothing is left to show. */
function descriptionOf(text: string): string | null {
  const html = richTextOf(text);
  return hasVisibleContent(html) ? html : null;
}

/** Course settings (by its lecturer) and replication of one course's structure into another. */
@Injectable()
export class CourseAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
  ) {}

  /** Partial update by the course's lecturer; handing the course to another lecturer changes its staff. */
  async update(auth: AuthContext, id: number, changes: CourseChanges, include: string[]): Promise<Course> {
    await this.access.require(auth, id, LECTURER_ONLY);
    const course = await this.dataSource
      .getRepository(Course)
      .findOneByOrFail({ id, tenantId: auth.tenantId });
    const issues: ValidationIssue[] = [];
    if (changes.period_id !== undefined && changes.period_id !== null) {
      const [period] = await this.dataSource.query(`SELECT 1 FROM periods WHERE id = $1 AND tenant_id = $2`, [
        changes.period_id,
        auth.tenantId,
      ]);
      if (!period)
        issues.push({
          pointer: attributePointer('period_id'),
          detail: 'period_id is not a period of this campus',
        });
    }
    if (changes.lecturer_id !== undefined && changes.lecturer_id !== null) {
      const [lecturer] = await this.dataSource.query(
        `SELECT 1 FROM users WHERE id = $1 AND tenant_id = $2 AND role = 'lecturer' AND active`,
        [changes.lecturer_id, auth.tenantId],
      );
      if (!lecturer) {
        issues.push({
          pointer: attributePointer('lecturer_id'),
          detail: 'lecturer_id must be an active lecturer of this campus',
        });
      }
    }
    if (changes.gradebook_publish === true) {
      const total = await weightsTotal(this.dataSource.manager, auth.tenantId, id);
      if (total !== 100)
        issues.push({
          pointer: attributePointer('gradebook_publish'),
          detail: `The weights of the gradebook sum to ${total}, not 100: they must sum to 100 before it is published`,
        });
    }
    if (issues.length > 0) throw unprocessable(issues);
    const previousLecturer = course.lecturerId;
    if (changes.description != null)
      changes = { ...changes, description: descriptionOf(changes.description) };
    for (const [field, property] of FIELDS) {
      if (changes[field] !== undefined) Object.assign(course, { [property]: changes[field] });
    }
    assertSchedule(course.startAt, course.endAt);
    await this.unit.run(async (manager) => {
      await manager.save(course);
      if (course.lecturerId !== previousLecturer) {
        if (course.lecturerId !== null) {
          await manager.query(`DELETE FROM course_assistants WHERE course_id = $1 AND user_id = $2`, [
            id,
            course.lecturerId,
          ]);
        }
        await recordStaffChanged(manager, auth, id);
      }
      await recordCourseUpserted(manager, auth.userId, id);
    });
    return this.load(auth, id, include);
  }

  /**
   * Copies the modules, activities and live contents of `from` (which the caller teaches) after
   * those of `to` (which the caller lectures). Students, classes and staff are not copied.
   */
  async replicate(
    auth: AuthContext,
    from: number,
    to: number,
  ): Promise<{ course: Course; copiedModules: number }> {
    if (from === to)
      throw unprocessable([
        { pointer: attributePointer('to'), detail: 'to must be another course than from' },
      ]);
    await this.access.require(auth, from, TEACHING);
    await this.access.require(auth, to, LECTURER_ONLY);
    const moduleIds = await this.unit.run(async (manager) => {
      await lockCourse(manager, to);
      return this.copyStructure(manager, auth, from, to);
    });
    const course = await this.load(auth, to, ['modules', 'modules.activities']);
    return { course, copiedModules: moduleIds.length };
  }

  /** Carries out `planStructureCopy` for the two courses: a few statements, whatever the size. */
  private async copyStructure(manager: EntityManager, auth: AuthContext, from: number, to: number) {
    const plan = planStructureCopy({
      // archived modules and activities stay behind (their contents are archived too)
      modules: (
        await manager.find(CourseModule, {
          where: { courseId: from, deletedAt: IsNull() },
          relations: { activities: true },
        })
      ).map((module) => ({
        ...module,
        activities: module.activities?.filter((activity) => activity.deletedAt === null),
      })),
      contents: await manager.findBy(Content, { courseId: from }),
      firstModuleIndex: await nextIndex(manager, 'modules', 'course_id = $1', [to]),
      firstCourseContentIndex: await nextIndex(
        manager,
        'contents',
        `contentable_type = 'courses' AND contentable_id = $1 AND deleted_at IS NULL`,
        [to],
      ),
    });
    const moduleIds = await insertAll(
      manager,
      CourseModule,
      plan.modules.map(({ source, index }) => ({
        courseId: to,
        index,
        name: source.name,
        isActive: source.isActive,
        startAt: source.startAt,
        endAt: source.endAt,
      })),
    );
    const moduleCopy = new Map(plan.modules.map(({ source }, i) => [source.id, moduleIds[i]]));
    const activityIds = await insertAll(
      manager,
      Activity,
      plan.activities.map(({ source, module }) => ({
        moduleId: moduleCopy.get(module)!,
        parentId: null,
        index: source.index,
        name: source.name,
        isActive: source.isActive,
        startAt: source.startAt,
        endAt: source.endAt,
      })),
    );
    const activityCopy = new Map(plan.activities.map(({ source }, i) => [source.id, activityIds[i]]));
    const nested = plan.activities.filter(({ parent }) => parent !== null);
    if (nested.length > 0)
      await manager.query(
        `UPDATE activities SET parent_id = nested.parent_id
           FROM unnest($1::bigint[], $2::bigint[]) AS nested(id, parent_id) WHERE activities.id = nested.id`,
        [
          nested.map(({ source }) => activityCopy.get(source.id)!),
          nested.map(({ parent }) => activityCopy.get(parent!)!),
        ],
      );
    await shareFiles(
      manager,
      auth,
      plan.contents.map(({ source }) => source),
      to,
    );
    await insertAll(
      manager,
      Content,
      plan.contents.map(({ source, owner, index }) => ({
        tenantId: auth.tenantId,
        courseId: to,
        contentableType: owner.type,
        contentableId:
          owner.type === 'courses'
            ? to
            : (owner.type === 'modules' ? moduleCopy : activityCopy).get(owner.source)!,
        index,
        name: source.name,
        type: source.type,
        content: source.content,
        size: source.size,
        mime: source.mime,
        completionRequired: source.completionRequired,
        createdBy: auth.userId,
        deletedAt: null,
      })),
    );
    await recordStructureChanged(manager, auth, to, 'module', 'copied', moduleIds);
    return moduleIds;
  }

  /** A course of the caller's campus regardless of the caller's role (after a write). */
  async load(auth: AuthContext, id: number, include: string[]): Promise<Course> {
    const qb = this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .leftJoinAndSelect('course.assistants', 'assistant')
      .where('course.id = :id AND course.tenant_id = :tenantId', { id, tenantId: auth.tenantId });
    if (include.some((path) => path.startsWith('lecturer')))
      qb.leftJoinAndSelect('course.lecturer', 'lecturer');
    if (include.some((path) => path.startsWith('modules')))
      qb.leftJoinAndSelect('course.modules', 'module', 'module.deleted_at IS NULL');
    if (include.includes('modules.activities'))
      qb.leftJoinAndSelect('module.activities', 'activity', 'activity.deleted_at IS NULL');
    if (include.includes('class')) qb.leftJoinAndSelect('course.classes', 'class');
    if (include.includes('assistant.user')) qb.leftJoinAndSelect('assistant.user', 'assistantUser');
    const course = await qb.getOne();
    if (!course) throw notFound('Course not found');
    return course;
  }
}

/** Inserts the rows in one statement; their new ids, in order. */
async function insertAll<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const result = await manager.insert(entity, rows);
  return result.identifiers.map((identifier) => Number(identifier.id));
}
