import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  applyQuery,
  attributePointer,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
  type z,
} from '@lms/jsonapi';
import { CourseAccess, teachesSql } from '../courses/course-access.service';
import { Course } from '../courses/course.entity';
import { CourseGroup, CourseGroupMember } from './course-group.entity';
import { lockSet, recordGroupsChanged } from './groups.data';
import { defaultSeed, GroupPlanError, type GroupSizing, planGroups } from './groups.plan';
import type { GroupMember, PreviewGroup, ReadGroup } from './groups.resource';
import {
  type GroupGenerateInput,
  type groupCreateRules,
  type groupUpdateRules,
  MAX_GENERATED_GROUPS,
  type MemberInput,
} from './groups.rules';

/** A member to write, and where it was in the request (for pointers). */
interface WantedMember {
  userId: number;
  isLeader: boolean;
  index: number;
}

/** What a generation made (or would make): the groups, and the seed that shuffled them. */
export type Generated =
  | { preview: false; groups: ReadGroup[]; seed: string }
  | { preview: true; groups: PreviewGroup[]; seed: string };

/**
 * Groups of a course, in sets (`type`): the teaching staff make, change, delete and generate
 * them; the course's members (and the admins of its campus) read them. A student is in at most
 * one group of a set, and only students of the course are members; a group with members has one
 * leader. Every write records `course.groups.changed` with the whole set.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
  ) {}

  /** Groups of the courses the caller teaches or studies in (admins: the whole campus). */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadGroup[], number]> {
    const qb = this.dataSource
      .getRepository(CourseGroup)
      .createQueryBuilder('grp')
      .innerJoin(Course, 'course', 'course.id = grp.course_id')
      .where('grp.tenant_id = :tenantId', { tenantId: auth.tenantId });
    if (auth.role !== 'admin') {
      qb.andWhere(
        `(${teachesSql('course')} OR EXISTS (SELECT 1 FROM class_students cs_g JOIN classes cl_g ON cl_g.id = cs_g.class_id
           WHERE cl_g.course_id = course.id AND cs_g.user_id = :me))`,
        { me: auth.userId },
      );
    }
    const [groups, total] = await applyQuery(qb, query).getManyAndCount();
    return [await this.read(groups), total];
  }

  async get(auth: AuthContext, id: number): Promise<ReadGroup> {
    const group = await this.find(auth, id);
    const role = await this.access.courseRole(auth.tenantId, group.courseId, auth.userId);
    if (role === null && auth.role !== 'admin') throw notFound('Group not found');
    return (await this.read([group]))[0];
  }

  async create(auth: AuthContext, input: z.output<typeof groupCreateRules>): Promise<ReadGroup> {
    await this.access.requireTeaching(auth, input.course_id);
    const type = clean(input.type, 'type');
    const name = clean(input.name, 'name');
    const [field, members] = wanted(input);
    const id = await this.unit.run(async (manager) => {
      await lockSet(manager, input.course_id, type);
      await this.checkName(manager, input.course_id, type, name, null);
      await this.checkMembers(manager, input.course_id, type, field, members, null, false);
      const group = await manager.save(
        Object.assign(new CourseGroup(), {
          tenantId: auth.tenantId,
          courseId: input.course_id,
          type,
          name,
          package: input.package ?? null,
        }),
      );
      await this.setMembers(manager, group, members);
      await recordGroupsChanged(manager, auth, input.course_id, type);
      return group.id;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: z.output<typeof groupUpdateRules>): Promise<ReadGroup> {
    const found = await this.find(auth, id);
    await this.access.requireTeaching(auth, found.courseId);
    await this.unit.run(async (manager) => {
      await lockSet(manager, found.courseId, found.type);
      const group = await manager.findOneBy(CourseGroup, { id });
      if (!group) throw notFound('Group not found');
      if (input.name !== undefined) {
        group.name = clean(input.name, 'name');
        await this.checkName(manager, group.courseId, group.type, group.name, group.id);
      }
      if (input.package !== undefined) group.package = input.package;
      group.updatedAt = new Date();
      await manager.save(group);
      if (input.users !== undefined || input.details !== undefined) {
        const [field, members] = wanted(input);
        await this.checkMembers(
          manager,
          group.courseId,
          group.type,
          field,
          members,
          group.id,
          input.move === true,
        );
        await manager.delete(CourseGroupMember, { groupId: group.id });
        await this.setMembers(manager, group, members);
      }
      await recordGroupsChanged(manager, auth, group.courseId, group.type);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const group = await this.find(auth, id);
    await this.access.requireTeaching(auth, group.courseId);
    await this.unit.run(async (manager) => {
      await lockSet(manager, group.courseId, group.type);
      await manager.delete(CourseGroup, { id });
      await recordGroupsChanged(manager, auth, group.courseId, group.type);
    });
  }

  /**
   * Shuffles the students of the course (or of `class_id`) by the seed (default: the course and
   * set name, `defaultSeed`) into groups, the first member of each its leader; unless `preview`,
   * the set's previous groups are replaced by them in one transaction.
   */
  async generate(auth: AuthContext, input: GroupGenerateInput): Promise<Generated> {
    await this.access.requireTeaching(auth, input.course_id);
    const type = clean(input.type, 'type');
    const name = clean(input.name, 'name');
    const sizing = sizingOf(input);
    if (input.class_id !== undefined) {
      const [owned]: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM classes WHERE id = $1 AND course_id = $2`,
        [input.class_id, input.course_id],
      );
      if (!owned)
        throw unprocessable([
          {
            pointer: attributePointer('class_id'),
            detail: `Class ${input.class_id} is not a class of the course`,
          },
        ]);
    }
    const seed = input.seed === undefined ? defaultSeed(input.course_id, type) : String(input.seed);
    const students = await this.studentsOf(this.dataSource.manager, input.course_id, input.class_id);
    let planned;
    try {
      planned = planGroups(students, sizing, seed, name);
    } catch (error) {
      if (!(error instanceof GroupPlanError)) throw error;
      throw unprocessable([{ pointer: attributePointer(error.field), detail: error.message }]);
    }
    if (planned.length > MAX_GENERATED_GROUPS)
      throw unprocessable([
        {
          pointer: attributePointer('student_count'),
          detail: `That makes ${planned.length} groups; at most ${MAX_GENERATED_GROUPS} at once`,
        },
      ]);
    if (input.preview === true) {
      const names = await this.names(planned.flatMap((group) => group.memberIds));
      return {
        preview: true,
        seed,
        groups: planned.map((group, index) => ({
          index: index + 1,
          name: group.name,
          members: group.memberIds.map((userId, position) => ({
            ...(names.get(userId) ?? { id: userId, name: `#${userId}`, username: '' }),
            isLeader: position === 0,
          })),
        })),
      };
    }
    const ids = await this.unit.run(async (manager) => {
      await lockSet(manager, input.course_id, type);
      await manager.delete(CourseGroup, { courseId: input.course_id, type });
      const created: number[] = [];
      for (const group of planned) {
        const saved = await manager.save(
          Object.assign(new CourseGroup(), {
            tenantId: auth.tenantId,
            courseId: input.course_id,
            type,
            name: group.name,
            package: input.package ?? null,
          }),
        );
        await this.setMembers(
          manager,
          saved,
          group.memberIds.map((userId, index) => ({ userId, isLeader: index === 0, index })),
        );
        created.push(saved.id);
      }
      await recordGroupsChanged(manager, auth, input.course_id, type);
      return created;
    });
    const groups = await this.dataSource.getRepository(CourseGroup).findBy(ids.map((id) => ({ id })));
    groups.sort((a, b) => a.id - b.id);
    return { preview: false, seed, groups: await this.read(groups) };
  }

  /** The group, if it is one of the campus's (404 otherwise). */
  private async find(auth: AuthContext, id: number): Promise<CourseGroup> {
    const group = await this.dataSource.getRepository(CourseGroup).findOneBy({ id, tenantId: auth.tenantId });
    if (!group) throw notFound('Group not found');
    return group;
  }

  private async studentsOf(manager: EntityManager, courseId: number, classId?: number): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await manager.query(
      `SELECT DISTINCT cs.user_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
        WHERE cl.course_id = $1 AND ($2::bigint IS NULL OR cl.id = $2) ORDER BY cs.user_id`,
      [courseId, classId ?? null],
    );
    return rows.map((row) => row.user_id);
  }

  private async checkName(
    manager: EntityManager,
    courseId: number,
    type: string,
    name: string,
    groupId: number | null,
  ) {
    const other = await manager.findOneBy(CourseGroup, { courseId, type, name });
    if (other && other.id !== groupId)
      throw unprocessable([
        { pointer: attributePointer('name'), detail: `Another group of the set ${type} is named ${name}` },
      ]);
  }

  /**
   * Each member must be a student of the course, and in no other group of the set — unless
   * `move`, which takes them out of it (its leader leaving, its next member leads it).
   */
  private async checkMembers(
    manager: EntityManager,
    courseId: number,
    type: string,
    field: string,
    members: WantedMember[],
    groupId: number | null,
    move: boolean,
  ) {
    if (members.length === 0) return;
    const ids = members.map((member) => member.userId);
    const students = new Set(
      (
        (await manager.query(
          `SELECT DISTINCT cs.user_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
            WHERE cl.course_id = $1 AND cs.user_id = ANY($2::bigint[])`,
          [courseId, ids],
        )) as Array<{ user_id: number }>
      ).map((row) => row.user_id),
    );
    const grouped: Array<{ user_id: number; group_id: number; name: string }> = await manager.query(
      `SELECT m.user_id, m.group_id, g.name FROM course_group_members m JOIN course_groups g ON g.id = m.group_id
        WHERE m.course_id = $1 AND m.type = $2 AND m.user_id = ANY($3::bigint[]) AND m.group_id IS DISTINCT FROM $4`,
      [courseId, type, ids, groupId],
    );
    const elsewhere = new Map(grouped.map((row) => [row.user_id, row]));
    const issues: ValidationIssue[] = [];
    for (const member of members) {
      const pointer = attributePointer([field, member.index]);
      if (!students.has(member.userId))
        issues.push({ pointer, detail: `User ${member.userId} is not a student of the course` });
      else if (elsewhere.has(member.userId) && !move)
        issues.push({
          pointer,
          detail: `Student ${member.userId} is already in the group ${elsewhere.get(member.userId)!.name} of the set`,
        });
    }
    if (issues.length > 0) throw unprocessable(issues);
    if (grouped.length === 0) return;
    await manager.query(
      `DELETE FROM course_group_members WHERE course_id = $1 AND type = $2 AND user_id = ANY($3::bigint[])
          AND group_id IS DISTINCT FROM $4`,
      [courseId, type, ids, groupId],
    );
    // A group whose leader moved away is led by its first remaining member.
    await manager.query(
      `UPDATE course_group_members m SET is_leader = true
        WHERE m.group_id = ANY($1::bigint[]) AND NOT EXISTS (SELECT 1 FROM course_group_members l WHERE l.group_id = m.group_id AND l.is_leader)
          AND m.user_id = (SELECT min(f.user_id) FROM course_group_members f WHERE f.group_id = m.group_id)`,
      [[...new Set(grouped.map((row) => row.group_id))]],
    );
  }

  private async setMembers(manager: EntityManager, group: CourseGroup, members: WantedMember[]) {
    if (members.length === 0) return;
    await manager.insert(
      CourseGroupMember,
      members.map((member) => ({
        groupId: group.id,
        userId: member.userId,
        courseId: group.courseId,
        type: group.type,
        isLeader: member.isLeader,
      })),
    );
  }

  private async names(ids: number[]): Promise<Map<number, Omit<GroupMember, 'isLeader'>>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; name: string; username: string }> = await this.dataSource.query(
      `SELECT id, name, username FROM users WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The groups with their members (leader first, then by name), in one statement. */
  private async read(groups: CourseGroup[]): Promise<ReadGroup[]> {
    if (groups.length === 0) return [];
    const rows: Array<{
      group_id: number;
      user_id: number;
      is_leader: boolean;
      name: string | null;
      username: string | null;
    }> = await this.dataSource.query(
      `SELECT m.group_id, m.user_id, m.is_leader, u.name, u.username
           FROM course_group_members m LEFT JOIN users u ON u.id = m.user_id
          WHERE m.group_id = ANY($1::bigint[]) ORDER BY m.is_leader DESC, u.name, m.user_id`,
      [groups.map((group) => group.id)],
    );
    const byGroup = new Map<number, GroupMember[]>();
    for (const row of rows) {
      const list = byGroup.get(row.group_id) ?? [];
      byGroup.set(row.group_id, list);
      list.push({
        id: row.user_id,
        name: row.name ?? `#${row.user_id}`,
        username: row.username ?? '',
        isLeader: row.is_leader,
      });
    }
    return groups.map((group) => Object.assign(group, { members: byGroup.get(group.id) ?? [] }));
  }
}

/** Trimmed text; blank is a 422 on the field. */
function clean(value: string, field: string): string {
  const text = value.trim();
  if (text === '')
    throw unprocessable([{ pointer: attributePointer(field), detail: `${field} must not be blank` }]);
  return text;
}

/**
 * The members a write asks for (`users` or `details`), each once, with one leader: at most one
 * may be marked; none marked, the first leads.
 */
function wanted(input: { users?: MemberInput[]; details?: MemberInput[] }): [string, WantedMember[]] {
  const field = input.users !== undefined ? 'users' : 'details';
  const given = input.users ?? input.details ?? [];
  const issues: ValidationIssue[] = [];
  const seen = new Set<number>();
  const members: WantedMember[] = [];
  given.forEach((item, index) => {
    const userId = 'id' in item ? item.id : item.user_id;
    if (seen.has(userId)) {
      issues.push({ pointer: attributePointer([field, index]), detail: `User ${userId} is listed twice` });
      return;
    }
    seen.add(userId);
    members.push({ userId, isLeader: item.is_leader === true, index });
  });
  const leaders = members.filter((member) => member.isLeader);
  if (leaders.length > 1)
    issues.push({
      pointer: attributePointer([field, leaders[1].index, 'is_leader']),
      detail: 'A group has one leader',
    });
  if (issues.length > 0) throw unprocessable(issues);
  if (leaders.length === 0 && members.length > 0) members[0].isLeader = true;
  return [field, members];
}

function sizingOf(input: GroupGenerateInput): GroupSizing {
  if (input.student_count !== undefined && input.group_count !== undefined)
    throw unprocessable([
      { pointer: attributePointer('group_count'), detail: 'Give student_count or group_count, not both' },
    ]);
  if (input.student_count !== undefined) return { studentCount: input.student_count };
  if (input.group_count !== undefined) return { groupCount: input.group_count };
  throw unprocessable([
    { pointer: attributePointer('student_count'), detail: 'student_count or group_count is required' },
  ]);
}
