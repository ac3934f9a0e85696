import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { attributePointer, notFound, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { Content } from '../contents/content.entity';
import { shareFiles } from '../contents/course-files.data';
import { recordStaffChanged } from '../staff/staff.data';
import { lockCourse, nextIndex, recordStructureChanged } from '../structure/structure.data';
import { assertSchedule } from '../structure/structure.rules';
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
];

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
    if (issues.length > 0) throw unprocessable(issues);
    const previousLecturer = course.lecturerId;
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

  private async copyStructure(manager: EntityManager, auth: AuthContext, from: number, to: number) {
    const modules = await manager.find(CourseModule, {
      where: { courseId: from },
      relations: { activities: true },
      order: { index: 'ASC', id: 'ASC' },
    });
    const contents = await manager
      .getRepository(Content)
      .createQueryBuilder('content')
      .where('content.course_id = :from AND content.deleted_at IS NULL', { from })
      .orderBy('content.index')
      .addOrderBy('content.id')
      .getMany();
    const firstIndex = await nextIndex(manager, 'modules', 'course_id = $1', [to]);
    const moduleMap = new Map<number, number>();
    const activityMap = new Map<number, number>();
    for (const [offset, module] of modules.entries()) {
      const copy = await manager.save(
        manager.create(CourseModule, {
          courseId: to,
          index: firstIndex + offset,
          name: module.name,
          isActive: module.isActive,
          startAt: module.startAt,
          endAt: module.endAt,
        }),
      );
      moduleMap.set(module.id, copy.id);
      for (const activity of module.activities ?? []) {
        const activityCopy = await manager.save(
          manager.create(Activity, {
            moduleId: copy.id,
            parentId: null,
            index: activity.index,
            name: activity.name,
            isActive: activity.isActive,
            startAt: activity.startAt,
            endAt: activity.endAt,
          }),
        );
        activityMap.set(activity.id, activityCopy.id);
      }
    }
    for (const module of modules) {
      for (const activity of module.activities ?? []) {
        if (activity.parentId !== null && activityMap.has(activity.parentId)) {
          await manager.update(
            Activity,
            { id: activityMap.get(activity.id)! },
            { parentId: activityMap.get(activity.parentId)! },
          );
        }
      }
    }
    let courseIndex = await nextIndex(
      manager,
      'contents',
      `contentable_type = 'courses' AND contentable_id = $1 AND deleted_at IS NULL`,
      [to],
    );
    const copies = contents.map((content) => {
      const contentableId =
        content.contentableType === 'courses'
          ? to
          : content.contentableType === 'modules'
            ? moduleMap.get(content.contentableId)
            : activityMap.get(content.contentableId);
      return contentableId === undefined
        ? null
        : manager.create(Content, {
            tenantId: auth.tenantId,
            courseId: to,
            contentableType: content.contentableType,
            contentableId,
            index: content.contentableType === 'courses' ? courseIndex++ : content.index,
            name: content.name,
            type: content.type,
            content: content.content,
            size: content.size,
            mime: content.mime,
            createdBy: auth.userId,
            deletedAt: null,
          });
    });
    await shareFiles(manager, auth, contents, to);
    await manager.save(copies.filter((copy): copy is Content => copy !== null));
    const newModules = [...moduleMap.values()];
    await recordStructureChanged(manager, auth, to, 'module', 'copied', newModules);
    return newModules;
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
    if (include.some((path) => path.startsWith('modules'))) qb.leftJoinAndSelect('course.modules', 'module');
    if (include.includes('modules.activities')) qb.leftJoinAndSelect('module.activities', 'activity');
    if (include.includes('class')) qb.leftJoinAndSelect('course.classes', 'class');
    if (include.includes('assistant.user')) qb.leftJoinAndSelect('assistant.user', 'assistantUser');
    const course = await qb.getOne();
    if (!course) throw notFound('Course not found');
    return course;
  }
}
