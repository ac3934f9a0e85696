import { givenTask, type TaskCourse } from './support/answers';
import { body, list, TaskHarness } from './support/harness';

/** A group task's groups copied from the course's sets of groups (`course.groups.changed`). */
describe('groups from a course set', () => {
  const h = new TaskHarness();
  let c: TaskCourse;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
  });
  afterAll(() => h.stop());

  const members = (group: { attributes: Record<string, unknown> }) =>
    (group.attributes.members as Array<{ id: number }>).map((member) => member.id).sort();

  async function publishSet(type: string, groups: Array<{ id: number; name: string; ids: number[] }>) {
    return h.publish('course.groups.changed', 1, {
      courseId: c.course.id,
      type,
      groups: groups.map((group) => ({
        id: group.id,
        name: group.name,
        members: group.ids.map((userId, index) => ({ userId, isLeader: index === 0 })),
      })),
    });
  }

  it('lists the course’s sets and copies one, keeping the members who take the task', async () => {
    await publishSet('Project teams', [
      { id: h.nextId(), name: 'Team 1', ids: [c.student.id, c.classmate.id] },
      { id: h.nextId(), name: 'Team 2', ids: [c.groupmate.id] },
    ]);
    const task = await givenTask(h, c, { taskType: 'GROUP' }, [c.classA]);
    const existing = await c.asLecturer.post(
      `/api/course/task/${task.id}/groups`,
      body({ name: 'Old', student_ids: [c.student.id] }),
    );
    expect(existing.status).toBe(201);

    const sets = await c.asAssistant.get(`/api/course/task/${task.id}/groups/sets`);
    expect(list(sets.body)).toContainEqual({
      id: 'Project teams',
      type: 'task-group-sets',
      attributes: { name: 'Project teams', groups: 2, students: 3 },
    });

    const copied = await c.asLecturer.post(
      `/api/course/task/${task.id}/groups/from-set`,
      body({ type: 'Project teams' }),
    );
    expect(copied.status).toBe(200);
    const groups = list(copied.body);
    expect(groups.map((group) => group.attributes.name)).toEqual(['Team 1', 'Team 2']);
    // The classmate is in class B: the task (class A only) is not theirs.
    expect(groups.map(members)).toEqual([[c.student.id], [c.groupmate.id]]);
    const names: Array<{ name: string }> = await h.ds.query(
      `SELECT name FROM task_groups WHERE task_id = $1 ORDER BY id`,
      [task.id],
    );
    expect(names.map((row) => row.name)).toEqual(['Team 1', 'Team 2']);
  });

  it('applies the newest snapshot of a set only, and an emptied set is gone', async () => {
    const type = `Set ${h.nextId()}`;
    const newer = await publishSet(type, [{ id: h.nextId(), name: 'New', ids: [c.student.id] }]);
    await h.deliver({
      ...newer,
      id: '00000000-0000-4000-8000-000000000001',
      occurredAt: new Date(Date.parse(newer.occurredAt) - 60_000).toISOString(),
      data: { ...newer.data, groups: [{ id: h.nextId(), name: 'Stale', members: [] }] },
    });
    const [row]: Array<{ groups: Array<{ name: string }> }> = await h.ds.query(
      `SELECT groups FROM course_group_sets WHERE course_id = $1 AND type = $2`,
      [c.course.id, type],
    );
    expect(row.groups.map((group) => group.name)).toEqual(['New']);
    const task = await givenTask(h, c, { taskType: 'GROUP' });
    await publishSet(type, []);
    const sets = list((await c.asLecturer.get(`/api/course/task/${task.id}/groups/sets`)).body);
    expect(sets.map((set) => set.id)).not.toContain(type);
    const refused = await c.asLecturer.post(`/api/course/task/${task.id}/groups/from-set`, body({ type }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/type' });
  });

  it('refuses while a group has an answer, a personal task, and callers who do not teach', async () => {
    await publishSet('Pairs', [{ id: h.nextId(), name: 'Pair 1', ids: [c.student.id, c.groupmate.id] }]);
    const task = await givenTask(h, c, { taskType: 'GROUP' });
    const copy = (client = c.asLecturer, id = task.id) =>
      client.post(`/api/course/task/${id}/groups/from-set`, body({ type: 'Pairs' }));
    expect((await copy(c.asStudent)).status).toBe(403);
    expect((await copy(c.asStranger)).status).toBe(404);
    expect((await copy(c.asElsewhere)).status).toBe(404);
    expect((await copy(c.asLecturer, (await givenTask(h, c)).id)).status).toBe(422);
    expect((await copy()).status).toBe(200);
    const saved = await c.asGroupmate.post(
      '/api/course/tasks/setAnswer',
      body({ task_id: task.id, answer: 'ours' }),
    );
    expect(saved.status).toBeLessThan(300);
    const again = await copy();
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0].code).toBe('has_answer');
  });
});
