import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { applyQuery, conflict, notFound, type ParsedQuery } from '@lms/jsonapi';
import { CourseAccess, readsSql, seesHiddenSql, teachesSql } from '../courses/course-access.service';
import { lockCourse, nextIndex, recordStructureChanged } from '../structure/structure.data';
import { Content, CONTENTABLE_TYPES, type ContentableType, type ContentType } from './content.entity';
import { Completion } from '../completion/completion.entity';
import { checkContentBody } from './contents.rules';
import { attachableFile, recordUpload, shareFiles, type StoredFacts } from './course-files.data';

/** Where a content lives: the course itself, one of its modules or one of its activities. */
export interface ContentTarget {
  contentable_type: ContentableType;
  contentable_id: number;
}

export interface ContentInput {
  name: string;
  type: ContentType;
  content?: string | null;
}

export interface ContentChanges {
  name?: string;
  type?: ContentType;
  index?: number;
  content?: string | null;
  completion_required?: boolean;
}

/**
 * A file already put into blob storage: what a multipart upload endpoint hands to
 * {@link ContentsService.createFile} once the storage library has stored (and sniffed) the bytes.
 */
export interface StoredFile {
  blobKey: string;
  name: string;
  size: number;
  mime: string;
}

/** Students (and other readers) see a content only while its module and activity are active. */
export const CONTENTABLE_ACTIVE = `CASE content.contentable_type
    WHEN 'modules' THEN EXISTS (SELECT 1 FROM modules m_v WHERE m_v.id = content.contentable_id AND m_v.is_active)
    WHEN 'activities' THEN EXISTS (SELECT 1 FROM activities a_v JOIN modules m_v ON m_v.id = a_v.module_id
      WHERE a_v.id = content.contentable_id AND a_v.is_active AND m_v.is_active)
    ELSE TRUE END`;

/**
 * Contents of courses, modules and activities. Those who teach a course write its contents and
 * see its archive; readers see the live contents of active items. Archiving is a soft delete.
 */
@Injectable()
export class ContentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
  ) {}

  private visible(auth: AuthContext, archived: boolean): SelectQueryBuilder<Content> {
    const qb = this.dataSource
      .getRepository(Content)
      .createQueryBuilder('content')
      .innerJoin('content.course', 'course')
      .where('content.tenant_id = :tenantId AND course.tenant_id = :tenantId', {
        tenantId: auth.tenantId,
        me: auth.userId,
      });
    if (archived) {
      // Contents archived with their module or activity are in the archive as part of it.
      return qb.andWhere(
        `content.deleted_at IS NOT NULL AND content.archived_with_module IS NULL
         AND content.archived_with_activity IS NULL AND ${teachesSql('course')}`,
      );
    }
    return qb.andWhere(
      `content.deleted_at IS NULL AND (${seesHiddenSql('course', auth)} OR (${readsSql('course', auth)} AND ${CONTENTABLE_ACTIVE}))`,
    );
  }

  /** `archived`: the archive (deleted contents) of the courses the caller teaches. */
  async list(auth: AuthContext, query: ParsedQuery, archived: boolean): Promise<[Content[], number]> {
    const qb = this.visible(auth, archived);
    // The usual call names one course, module or activity: pin its course, so the visibility
    // join reads one course instead of hashing every course of the campus (bench/course-list).
    const courseId = await this.courseNamedBy(auth, query);
    if (courseId !== undefined)
      qb.andWhere('content.course_id = :pinned AND course.id = :pinned', { pinned: courseId });
    return applyQuery(qb, query).getManyAndCount();
  }

  /** The course a list's `is` filters name (a course id, or one contentable), if any. */
  private async courseNamedBy(auth: AuthContext, query: ParsedQuery): Promise<number | undefined> {
    const is = (field: string) =>
      query.filters.find((filter) => filter.field === field && filter.op === 'is')?.value;
    const course = is('course_id');
    if (typeof course === 'number') return course;
    const type = is('contentable_type');
    const id = is('contentable_id');
    if (typeof id !== 'number' || typeof type !== 'string') return undefined;
    if (!(CONTENTABLE_TYPES as readonly string[]).includes(type)) return undefined;
    try {
      return await this.courseOf(auth, { contentable_type: type as ContentableType, contentable_id: id });
    } catch {
      return undefined; // an unknown contentable lists nothing anyway
    }
  }

  async get(auth: AuthContext, id: number): Promise<Content> {
    const content =
      (await this.visible(auth, false).andWhere('content.id = :id', { id }).getOne()) ??
      (await this.visible(auth, true).andWhere('content.id = :id', { id }).getOne());
    if (!content) throw notFound('Content not found');
    return content;
  }

  /**
   * The public contents of a campus, for callers without a token: live contents of active
   * modules and activities of its active public courses.
   */
  private publiclyVisible(tenantId: number): SelectQueryBuilder<Content> {
    return this.dataSource
      .getRepository(Content)
      .createQueryBuilder('content')
      .innerJoin('content.course', 'course')
      .where('content.tenant_id = :tenantId AND course.tenant_id = :tenantId', { tenantId })
      .andWhere(
        `content.deleted_at IS NULL AND course.is_public AND course.is_active AND ${CONTENTABLE_ACTIVE}`,
      );
  }

  listPublic(tenantId: number, query: ParsedQuery): Promise<[Content[], number]> {
    return applyQuery(this.publiclyVisible(tenantId), query).getManyAndCount();
  }

  async getPublic(tenantId: number, id: number): Promise<Content> {
    const content = await this.publiclyVisible(tenantId).andWhere('content.id = :id', { id }).getOne();
    if (!content) throw notFound('Content not found');
    return content;
  }

  /** The course of a contentable of the caller's campus; 404 when there is none. */
  async courseOf(auth: AuthContext, target: ContentTarget, manager?: EntityManager): Promise<number> {
    const sql: Record<ContentableType, string> = {
      courses: `SELECT c.id FROM courses c WHERE c.id = $1 AND c.tenant_id = $2`,
      modules: `SELECT c.id FROM modules m JOIN courses c ON c.id = m.course_id
                WHERE m.id = $1 AND c.tenant_id = $2 AND m.deleted_at IS NULL`,
      activities: `SELECT c.id FROM activities a JOIN modules m ON m.id = a.module_id
                   JOIN courses c ON c.id = m.course_id
                  WHERE a.id = $1 AND c.tenant_id = $2 AND a.deleted_at IS NULL AND m.deleted_at IS NULL`,
    };
    const rows: Array<{ id: number }> = await (manager ?? this.dataSource.manager).query(
      sql[target.contentable_type],
      [target.contentable_id, auth.tenantId],
    );
    if (rows.length === 0) {
      const what = { courses: 'Course', modules: 'Module', activities: 'Activity' }[target.contentable_type];
      throw notFound(`${what} not found`);
    }
    return rows[0].id;
  }

  /** The course of a target the caller may add contents to (teaches); 404 / 403 otherwise. */
  async writableTarget(auth: AuthContext, target: ContentTarget): Promise<number> {
    const courseId = await this.courseOf(auth, target);
    await this.access.requireTeaching(auth, courseId);
    return courseId;
  }

  /** A content the caller may edit: of their campus, in a course they teach; archived or not. */
  private async taught(auth: AuthContext, id: number): Promise<Content> {
    const content = await this.dataSource.getRepository(Content).findOneBy({ id, tenantId: auth.tenantId });
    if (!content) throw notFound('Content not found');
    await this.access.requireTeaching(auth, content.courseId);
    return content;
  }

  private static nextIndexOf(manager: EntityManager, target: ContentTarget): Promise<number> {
    return nextIndex(
      manager,
      'contents',
      'contentable_type = $1 AND contentable_id = $2 AND deleted_at IS NULL',
      [target.contentable_type, target.contentable_id],
    );
  }

  /**
   * A new content goes last among its siblings (highest index + 1). A file content names a file
   * the caller uploaded to (or copied into) the course; its size and type are the stored file's.
   */
  async create(auth: AuthContext, target: ContentTarget, input: ContentInput): Promise<Content> {
    const body = checkContentBody({ type: input.type, content: input.content ?? null });
    const courseId = await this.writableTarget(auth, target);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      const facts =
        body.type === 'file' ? await attachableFile(manager, auth, courseId, body.content!) : null;
      return this.insert(manager, auth, courseId, target, input.name, { ...body, ...facts });
    });
  }

  /**
   * The seam for multipart uploads: the bytes are already stored under a fresh key of the course;
   * this records the file for the course and its content, in one transaction.
   */
  async createFile(auth: AuthContext, target: ContentTarget, file: StoredFile): Promise<Content> {
    const courseId = await this.writableTarget(auth, target);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      const facts: StoredFacts = { size: file.size, mime: file.mime };
      await recordUpload(manager, auth, courseId, file.blobKey, facts);
      return this.insert(manager, auth, courseId, target, file.name, {
        type: 'file',
        content: file.blobKey,
        ...facts,
      });
    });
  }

  private async insert(
    manager: EntityManager,
    auth: AuthContext,
    courseId: number,
    target: ContentTarget,
    name: string,
    body: { type: ContentType; content: string | null; size: number | null; mime: string | null },
  ): Promise<Content> {
    const content = await manager.save(
      manager.create(Content, {
        tenantId: auth.tenantId,
        courseId,
        contentableType: target.contentable_type,
        contentableId: target.contentable_id,
        index: await ContentsService.nextIndexOf(manager, target),
        name,
        ...body,
        createdBy: auth.userId,
        deletedAt: null,
      }),
    );
    await recordStructureChanged(manager, auth, courseId, 'content', 'created', [content.id]);
    return content;
  }

  /**
   * Changes a content. A file content keeps its file, or names another the caller uploaded to
   * (or copied into) the course; its size and type follow the file, whatever the client sends.
   */
  async update(auth: AuthContext, id: number, changes: ContentChanges): Promise<Content> {
    const content = await this.taught(auth, id);
    const type = changes.type ?? content.type;
    const body = checkContentBody({
      type,
      content: changes.content !== undefined ? changes.content : content.content,
    });
    return this.unit.run(async (manager) => {
      if (body.type === 'file') {
        const keeps = content.type === 'file' && body.content === content.content;
        Object.assign(
          body,
          keeps
            ? { size: content.size, mime: content.mime }
            : await attachableFile(manager, auth, content.courseId, body.content!),
        );
      }
      Object.assign(content, body);
      if (changes.name !== undefined) content.name = changes.name;
      if (changes.index !== undefined) content.index = changes.index;
      if (changes.completion_required !== undefined) content.completionRequired = changes.completion_required;
      const saved = await manager.save(content);
      await recordStructureChanged(manager, auth, content.courseId, 'content', 'updated', [id]);
      return saved;
    });
  }

  /** Archives a content (the client's delete); it stays restorable. */
  async archive(auth: AuthContext, id: number): Promise<void> {
    const content = await this.taught(auth, id);
    if (content.deletedAt !== null) return;
    await this.unit.run(async (manager) => {
      await manager.update(Content, { id }, { deletedAt: new Date() });
      await recordStructureChanged(manager, auth, content.courseId, 'content', 'archived', [id]);
    });
  }

  /**
   * Restores archived contents, each to the end of its list; all of them or none. A content whose
   * module or activity is in the archive comes back with it (409 here).
   */
  async restore(auth: AuthContext, ids: number[]): Promise<Content[]> {
    const unique = [...new Set(ids)];
    const contents = await this.taughtMany(auth, unique);
    for (const content of contents) await this.assertPlaceLive(content);
    return this.unit.run(async (manager) => {
      const restored: Content[] = [];
      for (const content of contents) {
        if (content.deletedAt === null) {
          restored.push(content);
          continue;
        }
        await lockCourse(manager, content.courseId);
        content.index = await ContentsService.nextIndexOf(manager, {
          contentable_type: content.contentableType,
          contentable_id: content.contentableId,
        });
        content.deletedAt = null;
        restored.push(await manager.save(content));
      }
      for (const courseId of new Set(contents.map((content) => content.courseId))) {
        const inCourse = contents
          .filter((content) => content.courseId === courseId)
          .map((content) => content.id);
        await recordStructureChanged(manager, auth, courseId, 'content', 'restored', inCourse);
      }
      return restored;
    });
  }

  /** 409 when the module or activity a content belongs to is archived. */
  private async assertPlaceLive(content: Content): Promise<void> {
    if (content.contentableType === 'courses') return;
    const [place]: Array<{ name: string; kind: string }> = await this.dataSource.query(
      content.contentableType === 'modules'
        ? `SELECT m.name, 'module' AS kind FROM modules m WHERE m.id = $1 AND m.deleted_at IS NOT NULL`
        : `SELECT COALESCE(CASE WHEN m.deleted_at IS NOT NULL THEN m.name END, a.name) AS name,
                  CASE WHEN m.deleted_at IS NOT NULL THEN 'module' ELSE 'activity' END AS kind
             FROM activities a JOIN modules m ON m.id = a.module_id
            WHERE a.id = $1 AND (a.deleted_at IS NOT NULL OR m.deleted_at IS NOT NULL)`,
      [content.contentableId],
    );
    if (place) {
      throw conflict(
        `“${content.name}” belongs to the ${place.kind} '${place.name}', which is in the archive: restore the ${place.kind} first`,
      );
    }
  }

  /** Deletes an archived content for good (its file stays with the course, which may share it). */
  async purge(auth: AuthContext, id: number): Promise<void> {
    const content = await this.taught(auth, id);
    if (content.deletedAt === null) throw conflict('Archive the content before deleting it for good');
    await this.unit.run(async (manager) => {
      await manager.delete(Content, { id });
      await manager.delete(Completion, { completionableType: 'contents', completionableId: id });
      await recordStructureChanged(manager, auth, content.courseId, 'content', 'deleted', [id]);
    });
  }

  private async taughtMany(auth: AuthContext, ids: number[], liveOnly = false): Promise<Content[]> {
    const found = await this.dataSource
      .getRepository(Content)
      .createQueryBuilder('content')
      .where('content.id IN (:...ids) AND content.tenant_id = :tenantId', { ids, tenantId: auth.tenantId })
      .getMany();
    const usable = liveOnly ? found.filter((content) => content.deletedAt === null) : found;
    if (usable.length !== ids.length) throw notFound('Content not found');
    for (const courseId of new Set(usable.map((content) => content.courseId))) {
      await this.access.requireTeaching(auth, courseId);
    }
    const byId = new Map(usable.map((content) => [content.id, content]));
    return ids.map((id) => byId.get(id)!);
  }

  /**
   * Copies contents (of courses the caller teaches) to the end of another module, activity or
   * course the caller teaches, in the order given. A file copy shares the original's blob, which
   * the target course then holds too (as the caller's copy).
   */
  async copy(auth: AuthContext, ids: number[], target: ContentTarget): Promise<Content[]> {
    const sources = await this.taughtMany(auth, [...new Set(ids)], true);
    const courseId = await this.writableTarget(auth, target);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      await shareFiles(manager, auth, sources, courseId);
      let index = await ContentsService.nextIndexOf(manager, target);
      const copies = await manager.save(
        sources.map((source) =>
          manager.create(Content, {
            tenantId: auth.tenantId,
            courseId,
            contentableType: target.contentable_type,
            contentableId: target.contentable_id,
            index: index++,
            name: source.name,
            type: source.type,
            content: source.content,
            size: source.size,
            mime: source.mime,
            completionRequired: source.completionRequired,
            createdBy: auth.userId,
            deletedAt: null,
          }),
        ),
      );
      await recordStructureChanged(
        manager,
        auth,
        courseId,
        'content',
        'copied',
        copies.map((copy) => copy.id),
      );
      return copies;
    });
  }

  /**
   * Moves contents to the end of another module, activity or course the caller teaches; the
   * target course then holds their files too (other contents of the source may still use them).
   */
  async move(auth: AuthContext, ids: number[], target: ContentTarget): Promise<Content[]> {
    const contents = await this.taughtMany(auth, [...new Set(ids)], true);
    const courseId = await this.writableTarget(auth, target);
    return this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      await shareFiles(manager, auth, contents, courseId);
      let index = await ContentsService.nextIndexOf(manager, target);
      const sourceCourses = new Set(contents.map((content) => content.courseId));
      for (const content of contents) {
        Object.assign(content, {
          courseId,
          contentableType: target.contentable_type,
          contentableId: target.contentable_id,
          index: index++,
        });
      }
      const moved = await manager.save(contents);
      const movedIds = moved.map((content) => content.id);
      // Marks made in another course belong to its students, not to this course's.
      await manager.query(
        `DELETE FROM completions WHERE completionable_type = 'contents' AND completionable_id = ANY($1)
            AND course_id <> $2`,
        [movedIds, courseId],
      );
      for (const affected of new Set([...sourceCourses, courseId])) {
        await recordStructureChanged(manager, auth, affected, 'content', 'moved', movedIds);
      }
      return moved;
    });
  }
}
