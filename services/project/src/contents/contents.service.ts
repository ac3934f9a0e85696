import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, defineList, notFound, type ParsedQuery, unprocessable } from '@lms/jsonapi';
import { cleanRichText } from '@lms/richtext';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContentFiles } from './content-files';
import { ProjectAccess } from '../access';
import { requiredFilterId } from '../filters';
import { peopleByIds, personOf } from '../people';
import { ModulesService } from '../projects/modules.service';
import type { ReadBoard } from './board-events';
import { BoardColumn, ContentComment, ProjectContent } from './content.entity';
import type { ReadContent } from './contents.resource';
import type { ContentCreate, ContentUpdate } from './contents.rules';

const contentList = defineList<ProjectContent>({ entity: ProjectContent, alias: 'c' });

/** A board's columns and cards in order, with the cards' assignees and due dates, read in one statement. */
export async function readBoard(manager: EntityManager, content: ProjectContent): Promise<ReadBoard> {
  const rows: Array<{
    id: string;
    name: string;
    cards: Array<{
      id: string;
      title: string;
      description: string;
      assignee_ids: Array<number | string>;
      due_at: string | null;
      completed_at: string | null;
    }>;
  }> = await manager.query(
    `SELECT col.id, col.name,
              COALESCE((SELECT json_agg(json_build_object(
                                  'id', c.id, 'title', c.title, 'description', c.description, 'due_at', c.due_at,
                                  'completed_at', c.completed_at,
                                  'assignee_ids', COALESCE((SELECT json_agg(a.user_id ORDER BY a.assigned_at, a.user_id)
                                                              FROM board_card_assignees a WHERE a.card_id = c.id), '[]'))
                                         ORDER BY c.position, c.id)
                          FROM board_cards c WHERE c.column_id = col.id), '[]') AS cards
         FROM board_columns col WHERE col.content_id = $1 ORDER BY col.position, col.id`,
    [content.id],
  );
  return {
    version: content.boardVersion,
    columns: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      cards: row.cards.map((card) => ({
        id: Number(card.id),
        title: card.title,
        description: card.description,
        assignee_ids: card.assignee_ids.map(Number),
        due_at: card.due_at === null ? null : new Date(card.due_at),
        is_completed: card.completed_at !== null,
        completed_at: card.completed_at === null ? null : new Date(card.completed_at),
      })),
    })),
  };
}

/**
 * Contents of project modules (spec 03 §7 "Project contents"): every member of the project reads,
 * writes and comments them (spec 03 §6). A text is stored sanitized; a board's columns and cards
 * are changed by `BoardService`. Each change is written to the project's timeline with it.
 */
@Injectable()
export class ContentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ProjectAccess,
    private readonly modules: ModulesService,
    private readonly files: ContentFiles,
  ) {}

  /** A content of a project the caller is in (404 otherwise), locked until commit when `lock`. */
  async memberContent(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<ProjectContent> {
    const content = await manager.findOne(ProjectContent, {
      where: { id, tenantId: auth.tenantId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!content) throw notFound('Content not found');
    await this.access.memberProject(auth, Number(content.projectId), manager).catch(() => {
      throw notFound('Content not found');
    });
    return content;
  }

  /** `filter[project_module_id]`'s contents (boards with their columns and cards). */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadContent[], number]> {
    const moduleId = requiredFilterId(query, 'project_module_id');
    await this.modules.get(auth, moduleId);
    const [rows, total] = await contentList.page(
      this.dataSource,
      { where: ['c.project_module_id = :moduleId'], params: { moduleId } },
      query,
    );
    return [
      await Promise.all(rows.map((content) => this.read(this.dataSource.manager, content, false))),
      total,
    ];
  }

  async get(auth: AuthContext, id: number): Promise<ReadContent> {
    const content = await this.memberContent(auth, id);
    return this.read(this.dataSource.manager, content, true);
  }

  async create(auth: AuthContext, input: ContentCreate): Promise<ReadContent> {
    const id = await this.dataSource.transaction(async (manager) => {
      const module = await this.modules.get(auth, input.project_module_id, manager);
      if (input.project_id !== undefined && input.project_id !== Number(module.projectId))
        throw unprocessable([
          { pointer: attributePointer('project_id'), detail: 'is not the project of the module' },
        ]);
      if (input.type === 'board' && input.text !== undefined)
        throw unprocessable([{ pointer: attributePointer('text'), detail: 'a board has no text' }]);
      if (input.type !== 'board' && input.columns !== undefined)
        throw unprocessable([
          { pointer: attributePointer('columns'), detail: `a ${input.type} has no columns` },
        ]);
      if (input.type === 'file' && input.text !== undefined)
        throw unprocessable([{ pointer: attributePointer('text'), detail: 'a file has no text' }]);
      const content = await manager.save(
        Object.assign(new ProjectContent(), {
          tenantId: auth.tenantId,
          projectId: module.projectId,
          projectModuleId: module.id,
          name: input.name.trim(),
          type: input.type,
          text: input.type === 'text' ? cleanRichText(input.text) : null,
          file: null,
          boardVersion: 0,
          userId: auth.userId,
        }),
      );
      if (input.columns?.length)
        await manager.insert(
          BoardColumn,
          input.columns.map((name, position) => ({ contentId: content.id, name: name.trim(), position })),
        );
      await this.access.record(manager, auth, Number(module.projectId), 'content.created', content, {
        type: input.type,
      });
      return Number(content.id);
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: ContentUpdate): Promise<ReadContent> {
    await this.dataSource.transaction(async (manager) => {
      const content = await this.memberContent(auth, id, manager, true);
      if (input.text !== undefined && content.type !== 'text')
        throw unprocessable([{ pointer: attributePointer('text'), detail: `a ${content.type} has no text` }]);
      if (input.name !== undefined) content.name = input.name.trim();
      if (input.text !== undefined) content.text = cleanRichText(input.text);
      await manager.save(content);
      await this.access.record(manager, auth, Number(content.projectId), 'content.updated', content);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const content = await this.dataSource.transaction(async (manager) => {
      const locked = await this.memberContent(auth, id, manager, true);
      await manager.delete(ProjectContent, { id });
      await this.access.record(manager, auth, Number(locked.projectId), 'content.deleted', locked);
      return locked;
    });
    if (content.file) await this.files.remove([content.file]);
  }

  /**
   * `PUT /project/contents/{id}/file`: the file of a file content (multipart, one part `file`),
   * replacing the one it had (removed once the new one is recorded).
   */
  async upload(auth: AuthContext, id: number, request: FastifyRequest): Promise<ReadContent> {
    const content = await this.memberContent(auth, id);
    if (content.type !== 'file')
      throw unprocessable([{ pointer: attributePointer('file'), detail: `a ${content.type} has no file` }]);
    const previous = await this.files.withUpload(
      request,
      { tenantId: auth.tenantId, area: 'contents', maxFiles: 1 },
      async ({ files: [file] }) => {
        if (!file) throw unprocessable([{ pointer: attributePointer('file'), detail: 'is required' }]);
        return this.dataSource.transaction(async (manager) => {
          const locked = await this.memberContent(auth, id, manager, true);
          const before = locked.file;
          await manager.update(ProjectContent, { id }, { file, updatedAt: () => 'now()' });
          await this.access.record(manager, auth, Number(locked.projectId), 'content.updated', locked, {
            file: file.name,
          });
          return before;
        });
      },
    );
    if (previous) await this.files.remove([previous]);
    return this.get(auth, id);
  }

  /** `GET /project/contents/{id}/file`: the file, for the project's members. */
  async sendFile(auth: AuthContext, id: number, reply: FastifyReply) {
    const content = await this.memberContent(auth, id);
    if (!content.file) throw notFound('This content has no file');
    return this.files.send(reply, content.file, { inline: true });
  }

  /** `POST /project/contents/{id}/comment`: a member's comment; the content with its comments. */
  async comment(auth: AuthContext, id: number, comment: string): Promise<ReadContent> {
    await this.dataSource.transaction(async (manager) => {
      const content = await this.memberContent(auth, id, manager);
      await manager.insert(ContentComment, {
        tenantId: auth.tenantId,
        contentId: content.id,
        userId: auth.userId,
        comment: comment.trim(),
      });
      await this.access.record(manager, auth, Number(content.projectId), 'comment.created', content, {
        excerpt: comment.trim().slice(0, 140),
      });
    });
    return this.get(auth, id);
  }

  /** The content with its board and (when `withComments`) its comments. */
  async read(manager: EntityManager, content: ProjectContent, withComments: boolean): Promise<ReadContent> {
    const board = content.type === 'board' ? await readBoard(manager, content) : null;
    let comments: ReadContent['comments'] = null;
    if (withComments) {
      const rows = await manager.find(ContentComment, {
        where: { contentId: content.id },
        order: { id: 'ASC' },
      });
      const people = await peopleByIds(
        manager,
        Number(content.tenantId),
        rows.map((row) => Number(row.userId)),
      );
      comments = rows.map((row) => Object.assign(row, { author: personOf(people, Number(row.userId)) }));
    }
    return Object.assign(content, { board, comments });
  }
}
