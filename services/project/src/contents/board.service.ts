import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import { attributePointer, notFound, unprocessable } from '@lms/jsonapi';
import { RealtimeEmitter } from '@lms/realtime';
import { ProjectAccess } from '../access';
import { Project } from '../projects/project.entity';
import type { ActivityAction } from '../timeline/activity.entity';
import { boardRoom, type BoardSocketEvents, pushedBoard, type ReadBoard } from './board-events';
import { BoardCard, BoardCardAssignee, BoardColumn, ProjectContent } from './content.entity';
import type { ReadContent } from './contents.resource';
import { MAX_CARDS, MAX_COLUMNS, type CardCreate, type CardMove, type CardUpdate } from './contents.rules';
import { ContentsService, readBoard } from './contents.service';

/** Gives `ids` the positions 0, 1, … in their order (and the column, for cards). */
async function renumber(
  manager: EntityManager,
  table: 'board_cards' | 'board_columns',
  ids: number[],
  columnId?: number,
): Promise<void> {
  if (ids.length === 0) return;
  await manager.query(
    `UPDATE ${table} t SET position = x.n - 1${columnId === undefined ? '' : ', column_id = $2'}
       FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n) WHERE t.id = x.id`,
    columnId === undefined ? [ids] : [ids, columnId],
  );
}

/** A card's assignees and due date as a create or an update sends them (absent: unchanged). */
type CardPlanning = Pick<CardUpdate, 'assignee_ids' | 'due_at'>;

/**
 * The kanban boards (spec 03 §3 content type `board`): columns left to right, cards top to bottom,
 * each kept as dense positions 0, 1, …; a card may have assignees (members of the project), a
 * due date and be marked done, and members newly assigned are told (`project.card.assigned`,
 * recorded with the change). Every change locks the board's content row first, so
 * changes of one board — two members moving cards at the same moment — are applied one after the
 * other on the order the previous one left: no card is lost or shown twice. Once committed, the
 * board (with its new `version`) is pushed to the sockets watching it (`board:{id}`).
 */
@Injectable()
export class BoardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly contents: ContentsService,
    private readonly access: ProjectAccess,
    private readonly sockets: RealtimeEmitter<BoardSocketEvents>,
  ) {}

  /** The board of a content the caller may read (the socket's `watch`). */
  async board(auth: AuthContext, id: number): Promise<ReadBoard> {
    const content = await this.contents.memberContent(auth, id);
    if (content.type !== 'board') throw notFound('Board not found');
    return readBoard(this.dataSource.manager, content);
  }

  async addColumn(auth: AuthContext, id: number, name: string): Promise<ReadContent> {
    return this.change(auth, id, async (manager, content) => {
      const count = await manager.countBy(BoardColumn, { contentId: content.id });
      if (count >= MAX_COLUMNS)
        throw unprocessable([
          { pointer: attributePointer('name'), detail: `a board has at most ${MAX_COLUMNS} columns` },
        ]);
      const column = await manager.save(
        Object.assign(new BoardColumn(), { contentId: content.id, name: name.trim(), position: count }),
      );
      return ['column.created', column];
    });
  }

  /** Deletes a column with its cards. */
  async removeColumn(auth: AuthContext, id: number, columnId: number): Promise<ReadContent> {
    return this.change(auth, id, async (manager, content) => {
      const column = await this.columnOf(manager, content, columnId, null);
      await manager.delete(BoardColumn, { id: column.id });
      const rest = await manager.find(BoardColumn, {
        where: { contentId: content.id },
        order: { position: 'ASC' },
      });
      await renumber(
        manager,
        'board_columns',
        rest.map((c) => Number(c.id)),
      );
      return ['column.deleted', column];
    });
  }

  async addCard(auth: AuthContext, id: number, input: CardCreate): Promise<ReadContent> {
    return this.change(auth, id, async (manager, content) => {
      const column = await this.columnOf(manager, content, input.column_id, 'column_id');
      if ((await manager.countBy(BoardCard, { contentId: content.id })) >= MAX_CARDS)
        throw unprocessable([
          { pointer: attributePointer('title'), detail: `a board has at most ${MAX_CARDS} cards` },
        ]);
      const card = await manager.save(
        Object.assign(new BoardCard(), {
          contentId: content.id,
          columnId: column.id,
          title: input.title.trim(),
          description: input.description ?? '',
          position: await manager.countBy(BoardCard, { columnId: column.id }),
          dueAt: input.due_at ?? null,
          completedAt: input.is_completed ? new Date() : null,
        }),
      );
      await this.plan(manager, auth, content, card, input);
      return ['card.created', { id: card.id, name: card.title }, { column: column.name }];
    });
  }

  async updateCard(auth: AuthContext, id: number, cardId: number, input: CardUpdate): Promise<ReadContent> {
    return this.change(auth, id, async (manager, content) => {
      const card = await this.cardOf(manager, content, cardId);
      if (input.title !== undefined) card.title = input.title.trim();
      if (input.description !== undefined) card.description = input.description;
      if (input.due_at !== undefined) card.dueAt = input.due_at;
      // done since the first time it was marked so (marked again: unchanged)
      if (input.is_completed !== undefined)
        card.completedAt = input.is_completed ? (card.completedAt ?? new Date()) : null;
      await manager.save(card);
      await this.plan(manager, auth, content, card, input);
      return ['card.updated', { id: card.id, name: card.title }];
    });
  }

  /**
   * Gives a card the assignees sent (the whole list: those left out are unassigned), each a member
   * of the project, once; records `project.card.assigned` for those it did not have yet.
   */
  private async plan(
    manager: EntityManager,
    auth: AuthContext,
    content: ProjectContent,
    card: BoardCard,
    { assignee_ids: ids }: CardPlanning,
  ): Promise<void> {
    if (ids === undefined) return;
    const projectId = Number(content.projectId);
    const rows: Array<{ user_id: string }> = await manager.query(
      `SELECT user_id FROM project_members WHERE project_id = $1 AND user_id = ANY($2::bigint[])`,
      [projectId, ids],
    );
    const members = new Set(rows.map((row) => Number(row.user_id)));
    const problems = ids.flatMap((userId, index) =>
      ids.indexOf(userId) !== index
        ? [{ pointer: attributePointer(['assignee_ids', index]), detail: 'is assigned twice' }]
        : members.has(userId)
          ? []
          : [
              {
                pointer: attributePointer(['assignee_ids', index]),
                detail: 'is not a member of the project',
              },
            ],
    );
    if (problems.length > 0) throw unprocessable(problems);

    const before = await manager.findBy(BoardCardAssignee, { cardId: card.id });
    const had = new Set(before.map((assignee) => Number(assignee.userId)));
    const added = ids.filter((userId) => !had.has(userId));
    await manager.query(
      `DELETE FROM board_card_assignees WHERE card_id = $1 AND NOT (user_id = ANY($2::bigint[]))`,
      [card.id, ids],
    );
    if (added.length === 0) return;
    await manager.insert(
      BoardCardAssignee,
      added.map((userId) => ({ cardId: card.id, userId, projectId })),
    );
    const project = await manager.findOneByOrFail(Project, { id: projectId });
    await recordEvent(manager, 'project.card.assigned', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: card.id,
      data: {
        cardId: Number(card.id),
        contentId: Number(content.id),
        projectId,
        workspaceId: Number(project.workspaceId),
        projectName: project.name,
        title: card.title,
        assigneeIds: added,
        assignedBy: auth.userId,
        dueAt: card.dueAt?.toISOString() ?? null,
      },
    });
  }

  async removeCard(auth: AuthContext, id: number, cardId: number): Promise<ReadContent> {
    return this.change(auth, id, async (manager, content) => {
      const card = await this.cardOf(manager, content, cardId);
      await manager.delete(BoardCard, { id: card.id });
      await renumber(manager, 'board_cards', await this.cardIds(manager, Number(card.columnId)));
      return ['card.deleted', { id: card.id, name: card.title }];
    });
  }

  /**
   * Moves a card to `column_id` at `position` (0 the top; past the end, the bottom) of the board as
   * it is when the lock is had: the cards of both columns are numbered again without gaps.
   */
  async moveCard(auth: AuthContext, id: number, cardId: number, input: CardMove): Promise<ReadContent> {
    return this.change(auth, id, async (manager, content) => {
      const card = await this.cardOf(manager, content, cardId);
      const from = await this.columnOf(manager, content, Number(card.columnId), null);
      const to = await this.columnOf(manager, content, input.column_id, 'column_id');
      const target = (await this.cardIds(manager, Number(to.id))).filter(
        (other) => other !== Number(card.id),
      );
      target.splice(Math.min(input.position, target.length), 0, Number(card.id));
      if (Number(from.id) !== Number(to.id))
        await renumber(
          manager,
          'board_cards',
          (await this.cardIds(manager, Number(from.id))).filter((other) => other !== Number(card.id)),
        );
      await renumber(manager, 'board_cards', target, Number(to.id));
      return [
        'card.moved',
        { id: card.id, name: card.title },
        { from: from.name, to: to.name, position: target.indexOf(Number(card.id)) },
      ];
    });
  }

  /**
   * One change of a board: its content row locked, the change, the version counted, the timeline
   * entry — one transaction; then the board pushed to its watchers.
   */
  private async change(
    auth: AuthContext,
    id: number,
    apply: (
      manager: EntityManager,
      content: ProjectContent,
    ) => Promise<[ActivityAction, { id: number; name: string }, Record<string, unknown>?]>,
  ): Promise<ReadContent> {
    const read = await this.unit.run(async (manager) => {
      const content = await this.contents.memberContent(auth, id, manager, true);
      if (content.type !== 'board') throw notFound('Board not found');
      const [action, subject, data] = await apply(manager, content);
      content.boardVersion += 1;
      await manager.update(
        ProjectContent,
        { id: content.id },
        { boardVersion: content.boardVersion, updatedAt: () => 'now()' },
      );
      await this.access.record(manager, auth, Number(content.projectId), action, subject, {
        board: content.name,
        ...data,
      });
      return this.contents.read(manager, content, false);
    });
    this.sockets.toRoom(boardRoom(Number(read.id))).emit('board', {
      content_id: Number(read.id),
      actor_id: auth.userId,
      ...pushedBoard(read.board!, auth.timeZone),
    });
    return read;
  }

  private async columnOf(
    manager: EntityManager,
    content: ProjectContent,
    columnId: number,
    pointer: string | null,
  ): Promise<BoardColumn> {
    const column = await manager.findOneBy(BoardColumn, { id: columnId, contentId: content.id });
    if (column) return column;
    if (pointer)
      throw unprocessable([{ pointer: attributePointer(pointer), detail: 'is not a column of this board' }]);
    throw notFound('Column not found');
  }

  private async cardOf(manager: EntityManager, content: ProjectContent, cardId: number): Promise<BoardCard> {
    const card = await manager.findOneBy(BoardCard, { id: cardId, contentId: content.id });
    if (!card) throw notFound('Card not found');
    return card;
  }

  /** A column's cards, top to bottom. */
  private async cardIds(manager: EntityManager, columnId: number): Promise<number[]> {
    const rows = await manager.find(BoardCard, {
      where: { columnId },
      order: { position: 'ASC', id: 'ASC' },
      select: { id: true },
    });
    return rows.map((row) => Number(row.id));
  }
}
