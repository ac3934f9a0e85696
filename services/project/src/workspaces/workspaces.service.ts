import { randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  attributePointer,
  defineList,
  forbidden,
  type ParsedQuery,
  tooManyRequests,
  unprocessable,
} from '@lms/jsonapi';
import { ProjectAccess } from '../access';
import { peopleByIds, personOf } from '../people';
import type { ReadWorkspace } from './workspaces.resource';
import type { WorkspaceJoin, WorkspaceUpdate } from './workspaces.rules';
import { JoinGuess, Workspace, WorkspaceMember } from './workspace.entity';

/** Join tokens: no 0/O, 1/I/L, so a token read aloud or off a slide is typed right. */
export const TOKEN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TOKEN_LENGTH = 8;
/** Wrong join tokens a user may send per window; past them every join is a 429 until it ends. */
export const JOIN_GUESS_CAP = 10;
export const JOIN_GUESS_WINDOW_MINUTES = 60;
/** Longest a join token may stay valid. */
const MAX_TOKEN_DAYS = 366;

const workspaceList = defineList<Workspace>({ entity: Workspace, alias: 'ws' });

const sameToken = (typed: string, token: string): boolean => {
  const [a, b] = [Buffer.from(typed.trim().toUpperCase()), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Workspaces (spec 03 §3–§7 "Workspaces"): lecturers make them; everyone of the campus sees the
 * list; the owner and the members read one; the owner changes it, deletes it and makes its join
 * token; anyone else joins with that token as a student. Wrong tokens are counted per user
 * (`JOIN_GUESS_CAP` per `JOIN_GUESS_WINDOW_MINUTES`), so tokens cannot be guessed by trying.
 */
@Injectable()
export class WorkspacesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ProjectAccess,
  ) {}

  /** `GET /project/workspaces`: the campus's workspaces, what the caller is to each. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadWorkspace[], number]> {
    const [rows, total] = await workspaceList.page(
      this.dataSource,
      { where: ['ws.tenant_id = :tenantId'], params: { tenantId: auth.tenantId } },
      query,
    );
    return [await this.read(auth, rows, false), total];
  }

  /** `GET /project/workspaces/{id}`: its owner and members only. */
  async get(auth: AuthContext, id: number): Promise<ReadWorkspace> {
    const workspace = await this.access.readableWorkspace(auth, id);
    return (await this.read(auth, [workspace], true))[0];
  }

  async create(auth: AuthContext, input: WorkspaceUpdate & { name: string }): Promise<ReadWorkspace> {
    if (auth.role !== 'lecturer') throw forbidden('Only lecturers make workspaces', 'not_lecturer');
    const workspace = await this.dataSource.getRepository(Workspace).save(
      Object.assign(new Workspace(), {
        tenantId: auth.tenantId,
        ownerId: auth.userId,
        name: input.name.trim(),
        description: input.description ?? '',
        thumbnail: input.thumbnail ?? null,
        token: null,
        tokenExpiredAt: null,
      }),
    );
    return (await this.read(auth, [workspace], true))[0];
  }

  async update(auth: AuthContext, id: number, input: WorkspaceUpdate): Promise<ReadWorkspace> {
    const workspace = await this.access.ownedWorkspace(auth, id);
    if (input.name !== undefined) workspace.name = input.name.trim();
    if (input.description !== undefined) workspace.description = input.description;
    if (input.thumbnail !== undefined) workspace.thumbnail = input.thumbnail;
    await this.dataSource.getRepository(Workspace).save(workspace);
    return this.get(auth, id);
  }

  /** Deletes it with its projects and everything in them. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.access.ownedWorkspace(auth, id);
    await this.dataSource.getRepository(Workspace).delete({ id });
  }

  /** `PATCH /project/workspaces/{id}/token`: a new token, valid until `token_expired_at`. */
  async newToken(auth: AuthContext, id: number, expiresAt: Date): Promise<ReadWorkspace> {
    const workspace = await this.access.ownedWorkspace(auth, id);
    const now = Date.now();
    if (expiresAt.getTime() <= now || expiresAt.getTime() > now + MAX_TOKEN_DAYS * 86_400_000)
      throw unprocessable([
        {
          pointer: attributePointer('token_expired_at'),
          detail: `must be in the future, at most ${MAX_TOKEN_DAYS} days from now`,
        },
      ]);
    workspace.token = Array.from(
      { length: TOKEN_LENGTH },
      () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)],
    ).join('');
    workspace.tokenExpiredAt = expiresAt;
    await this.dataSource.getRepository(Workspace).save(workspace);
    return this.get(auth, id);
  }

  /**
   * `POST /project/workspaces/join`: joins as a student with the workspace's current token. The
   * owner and members are in already (200, nothing changes). A wrong token counts against the
   * caller — committed before the 422 — and past `JOIN_GUESS_CAP` in the window every join is a
   * 429 with `Retry-After`; an expired token is a 422 that does not count.
   */
  async join(auth: AuthContext, input: WorkspaceJoin): Promise<ReadWorkspace> {
    const refusal = await this.dataSource.transaction(async (manager) => {
      const { workspace, member } = await this.access.workspaceFor(auth, input.workspace_id, manager);
      if (member || workspace.ownerId === auth.userId) return null;
      const guesses = await this.guessesOf(auth, manager);
      const windowEnd = guesses.windowStart.getTime() + JOIN_GUESS_WINDOW_MINUTES * 60_000;
      if (guesses.wrong >= JOIN_GUESS_CAP)
        return tooManyRequests(
          'Too many wrong tokens: wait before trying again, or ask the owner of the workspace for its token',
          Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000)),
        );
      if (!workspace.token || !sameToken(input.token, workspace.token)) {
        await manager.update(JoinGuess, { userId: auth.userId }, { wrong: guesses.wrong + 1 });
        return unprocessable([
          { pointer: attributePointer('token'), detail: 'is not the token of this workspace' },
        ]);
      }
      if (!workspace.tokenExpiredAt || workspace.tokenExpiredAt.getTime() <= Date.now())
        return unprocessable([
          {
            pointer: attributePointer('token'),
            detail: 'has expired: ask the owner of the workspace for a new one',
          },
        ]);
      await manager
        .createQueryBuilder()
        .insert()
        .into(WorkspaceMember)
        .values({ workspaceId: workspace.id, userId: auth.userId, tenantId: auth.tenantId, type: input.type })
        .orIgnore()
        .execute();
      return null;
    });
    if (refusal) throw refusal;
    return this.get(auth, input.workspace_id);
  }

  /** The caller's guess count, locked until commit; a window that has ended starts over. */
  private async guessesOf(auth: AuthContext, manager: EntityManager): Promise<JoinGuess> {
    const [row]: Array<{ wrong: number; window_start: Date }> = await manager.query(
      `INSERT INTO workspace_join_guesses (user_id, tenant_id, wrong, window_start) VALUES ($1, $2, 0, now())
       ON CONFLICT (user_id) DO UPDATE SET
         wrong = CASE WHEN workspace_join_guesses.window_start < now() - make_interval(mins => $3)
                      THEN 0 ELSE workspace_join_guesses.wrong END,
         window_start = CASE WHEN workspace_join_guesses.window_start < now() - make_interval(mins => $3)
                             THEN now() ELSE workspace_join_guesses.window_start END
       RETURNING wrong, window_start`,
      [auth.userId, auth.tenantId, JOIN_GUESS_WINDOW_MINUTES],
    );
    return Object.assign(new JoinGuess(), {
      userId: auth.userId,
      tenantId: auth.tenantId,
      wrong: row.wrong,
      windowStart: row.window_start,
    });
  }

  /** The workspaces with their owners, counts and the caller's standing; members when `withMembers`. */
  private async read(
    auth: AuthContext,
    workspaces: Workspace[],
    withMembers: boolean,
  ): Promise<ReadWorkspace[]> {
    if (workspaces.length === 0) return [];
    const ids = workspaces.map((w) => Number(w.id));
    const rows: Array<{ workspace_id: string; user_id: string }> = await this.dataSource.query(
      `SELECT workspace_id, user_id FROM workspace_members WHERE workspace_id = ANY($1::bigint[]) ORDER BY joined_at, user_id`,
      [ids],
    );
    const projects: Array<{ workspace_id: string; count: string }> = await this.dataSource.query(
      `SELECT workspace_id, count(*) AS count FROM projects WHERE workspace_id = ANY($1::bigint[]) GROUP BY workspace_id`,
      [ids],
    );
    const people = await peopleByIds(this.dataSource.manager, auth.tenantId, [
      ...workspaces.map((w) => Number(w.ownerId)),
      ...(withMembers ? rows.map((row) => Number(row.user_id)) : []),
    ]);
    return workspaces.map((workspace) => {
      const members = rows.filter((row) => Number(row.workspace_id) === Number(workspace.id));
      const isOwner = Number(workspace.ownerId) === auth.userId;
      const isMember = members.some((row) => Number(row.user_id) === auth.userId);
      return Object.assign(workspace, {
        owner: personOf(people, Number(workspace.ownerId)),
        members:
          withMembers && (isOwner || isMember)
            ? members.map((row) => personOf(people, Number(row.user_id)))
            : null,
        memberCount: members.length,
        projectCount: Number(
          projects.find((p) => Number(p.workspace_id) === Number(workspace.id))?.count ?? 0,
        ),
        isOwner,
        isMember,
      });
    });
  }
}
