import type { ProjectedUser } from '@lms/testing';
import { seedProjectDemo } from '../src/seed/demo-project.seed';
import { list, ProjectHarness } from './support/harness';

describe('demo project seed', () => {
  const h = new ProjectHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('waits for the demo users, then makes a workspace, a project, a text and a board — real records, once', async () => {
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    const users: Record<string, ProjectedUser> = {};
    users.lecturer = await h.given.user(7, 'lecturer', { username: 'lecturer' });
    await expect(seedProjectDemo(h.app, 7)).rejects.toThrow(/not here yet/);
    for (const username of ['student1', 'student2', 'student3'])
      users[username] = await h.given.user(7, 'student', { username });
    expect(await seedProjectDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedProjectDemo(h.app, 7)).toEqual({ created: false });

    const student = await h.as(users.student3);
    const workspaces = list((await student.get('/api/project/workspaces')).body);
    expect(workspaces.map((w) => [w.attributes.name, w.attributes.is_member])).toEqual([
      ['Capstone projects', true],
    ]);
    const [project] = list((await student.get('/api/project/projects')).body);
    expect(project.attributes).toMatchObject({ name: 'Library app' });
    expect((project.attributes.members as unknown[]).length).toBe(3);
    const [module] = list((await student.get(`/api/project/modules?filter[project_id]=${project.id}`)).body);
    const contents = list(
      (await student.get(`/api/project/contents?filter[project_module_id]=${module.id}`)).body,
    );
    expect(contents.map((c) => c.attributes.content_type)).toEqual(['text', 'board']);
    const board = contents[1].attributes.board as { columns: Array<{ name: string; cards: unknown[] }> };
    expect(board.columns.map((c) => [c.name, c.cards.length])).toEqual([
      ['To do', 2],
      ['Doing', 1],
      ['Done', 1],
    ]);
    const timeline = list((await student.get(`/api/timeline-project/${project.id}`)).body);
    expect(timeline[0].attributes.action).toBe('comment.created');
  });
});
