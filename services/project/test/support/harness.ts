import { type ApiClient, attributesDoc as body, type JsonResource, ServiceHarness } from '@lms/testing';
import type { ProjectConfig } from '../../src/config';
import { projectService } from '../../src/service';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;
export { attributesDoc as body } from '@lms/testing';

/** The campuses' hosts (a socket's handshake names its campus by host). */
export const HOSTS: Record<number, string> = { 1: 'campus-one.test', 2: 'campus-two.test' };

/** A join token's expiry a month ahead, in the wire format (the campus's zone does not matter then). */
export const LATER = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

/** The project service in the generic harness, with a team: a workspace, its members, a project. */
export class ProjectHarness extends ServiceHarness<ProjectConfig> {
  constructor(env: Record<string, string> = {}) {
    super(projectService, env);
  }

  async campuses() {
    await this.given.campus({ id: 1, domain: HOSTS[1] });
    await this.given.campus({ id: 2, domain: HOSTS[2] });
  }

  /**
   * A lecturer's workspace joined by two students (`member`, `teammate`) with its token, and a
   * project with `member` in it; outsiders: a student and a lecturer of the campus who did not
   * join, and a lecturer of the other campus.
   */
  async team() {
    const users = {
      owner: await this.given.user(1, 'lecturer', { name: 'Dr. Lina' }),
      member: await this.given.user(1, 'student', { name: 'Ani' }),
      teammate: await this.given.user(1, 'student', { name: 'Budi' }),
      outsider: await this.given.user(1, 'student', { name: 'Citra' }),
      lecturer: await this.given.user(1, 'lecturer', { name: 'Dr. Other' }),
      elsewhere: await this.given.user(2, 'lecturer', { name: 'Dr. Far' }),
    };
    const as: Record<keyof typeof users, ApiClient> = Object.fromEntries(
      await Promise.all(Object.entries(users).map(async ([key, user]) => [key, await this.as(user)])),
    );
    const workspace = one(
      (await as.owner.post('/api/project/workspaces', body({ name: 'Capstone 2026', description: 'Teams' })))
        .body,
    );
    const tokened = await as.owner.patch(
      `/api/project/workspaces/${workspace.id}/token`,
      body({ token_expired_at: LATER }),
    );
    if (tokened.status !== 200) throw new Error(`token: ${JSON.stringify(tokened.body)}`);
    const token = one(tokened.body).attributes.token as string;
    for (const key of ['member', 'teammate'] as const) {
      const joined = await as[key].post(
        '/api/project/workspaces/join',
        body({ type: 'student', workspace_id: Number(workspace.id), token }),
      );
      if (joined.status !== 200) throw new Error(`join: ${JSON.stringify(joined.body)}`);
    }
    const project = one(
      (
        await as.owner.post(
          '/api/project/projects',
          body({ workspace_id: Number(workspace.id), name: 'Library app' }),
        )
      ).body,
    );
    await as.owner.post(
      '/api/project/projects/add',
      body({ project_id: Number(project.id), user_id: users.member.id }),
    );
    return { users, as, workspaceId: Number(workspace.id), token, projectId: Number(project.id) };
  }

  /** The ids of a module and a board (columns To do, Doing, Done) made by `client` in the project. */
  async board(client: ApiClient, projectId: number) {
    const module = one(
      (await client.post('/api/project/modules', body({ project_id: projectId, name: 'Sprint 1' }))).body,
    );
    const board = await client.post(
      '/api/project/contents',
      body({
        project_module_id: Number(module.id),
        name: 'Tasks',
        type: 'board',
        columns: ['To do', 'Doing', 'Done'],
      }),
    );
    if (board.status !== 201) throw new Error(`board: ${JSON.stringify(board.body)}`);
    return { moduleId: Number(module.id), boardId: Number(one(board.body).id), board: one(board.body) };
  }
}
