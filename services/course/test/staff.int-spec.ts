import type { JsonDocument } from '@lms/testing';
import { CourseHarness, cast, list, one } from './support/harness';

describe('course staff: assistants, coordinator, assistant requests', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const put = (client: Awaited<ReturnType<CourseHarness['as']>>, path: string, body?: unknown) =>
    client.send<JsonDocument>('PUT', path, body);

  async function staffEvents(courseId: number) {
    return (await h.events('course.staff.changed'))
      .filter((event) => event.data.courseId === courseId)
      .map((event) => event.data);
  }

  it('invites a lecturer, who accepts and becomes an assistant', async () => {
    const c = await cast(h);
    const invited = await h.given.user(1, 'lecturer', { name: 'Rina' });
    const response = await put(c.asLecturer, '/api/course/courses/assistant', {
      data: { attributes: [{ action: 'add', course_id: c.course.id, user_ids: [invited.id] }] },
    });
    expect(response.status).toBe(200);
    const requests = response.body.meta?.requests as Array<{
      id: string;
      attributes: Record<string, unknown>;
    }>;
    expect(requests).toHaveLength(1);
    expect(requests[0].attributes).toMatchObject({ user_id: invited.id, status: 'PENDING' });

    const asInvited = await h.as(invited);
    const mine = await asInvited.get('/api/course/request/assistant?filter[status][is]=PENDING');
    expect(list(mine.body).map((r) => r.attributes)).toEqual([
      expect.objectContaining({ course_id: c.course.id, course_name: 'Databases', status: 'PENDING' }),
    ]);
    expect(
      (await c.asStranger.send('PATCH', `/api/course/request/assistant/${requests[0].id}/accept`)).status,
    ).toBe(404);
    const accepted = await asInvited.send<JsonDocument>(
      'PATCH',
      `/api/course/request/assistant/${requests[0].id}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(one(accepted.body).attributes.status).toBe('ACCEPTED');
    const again = await asInvited.send('PATCH', `/api/course/request/assistant/${requests[0].id}/reject`);
    expect(again.status).toBe(409);

    const course = await asInvited.get(`/api/course/courses/${c.course.id}`);
    expect(one(course.body).attributes.status).toBe('ASSISTANT');
    expect((await staffEvents(c.course.id)).at(-1)).toEqual({
      courseId: c.course.id,
      lecturerId: c.lecturer.id,
      assistants: [
        { userId: c.assistant.id, isCoordinator: false },
        { userId: invited.id, isCoordinator: false },
      ].sort((a, b) => a.userId - b.userId),
    });
  });

  it('lets the invited user reject, and refuses any other action with the spec text', async () => {
    const c = await cast(h);
    const invited = await h.given.user(1, 'lecturer');
    const response = await put(c.asLecturer, '/api/course/courses/assistant', [
      { action: 'add', course_id: c.course.id, user_ids: [invited.id] },
    ]);
    const id = (response.body.meta?.requests as Array<{ id: string }>)[0].id;
    const asInvited = await h.as(invited);
    const bad = await asInvited.send<JsonDocument>('PATCH', `/api/course/request/assistant/${id}/maybe`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]).toMatchObject({
      detail: 'actionType only ACCEPT, REJECT not maybe',
      source: { pointer: '/data/attributes/actionType' },
    });
    const badBody = await asInvited.patch(`/api/course/request/assistant/${id}`, { actionType: 'IGNORE' });
    expect(badBody.body.errors?.[0].detail).toBe('actionType only ACCEPT, REJECT not IGNORE');
    const rejected = await asInvited.patch(`/api/course/request/assistant/${id}`, { actionType: 'REJECT' });
    expect(one(rejected.body).attributes.status).toBe('REJECTED');
    const assistants = await h.ds.query(`SELECT user_id FROM course_assistants WHERE course_id = $1`, [
      c.course.id,
    ]);
    expect(assistants.map((row: { user_id: number }) => row.user_id)).toEqual([c.assistant.id]);
  });

  it('removes assistants by user ids and records the new staff', async () => {
    const c = await cast(h);
    const response = await put(c.asLecturer, '/api/course/courses/assistant', {
      data: { attributes: [{ action: 'remove', course_id: c.course.id, user_ids: [c.assistant.id] }] },
    });
    expect(response.status).toBe(200);
    expect(list(response.body)).toEqual([]);
    expect((await staffEvents(c.course.id)).at(-1)).toEqual({
      courseId: c.course.id,
      lecturerId: c.lecturer.id,
      assistants: [],
    });
    expect((await c.asAssistant.get(`/api/course/courses/${c.course.id}`)).status).toBe(404);
  });

  it('validates every change with a pointer, and changes nothing when one is wrong', async () => {
    const c = await cast(h);
    const student = await h.given.user(1, 'student');
    const response = await put(c.asLecturer, '/api/course/courses/assistant', {
      data: {
        attributes: [
          { action: 'remove', course_id: c.course.id, user_ids: [c.assistant.id] },
          { action: 'promote', user_ids: [] },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        detail: 'action only add, remove not promote',
        source: { pointer: '/data/attributes/1/action' },
      }),
      expect.objectContaining({
        detail: 'Course id is required',
        source: { pointer: '/data/attributes/1/course_id' },
      }),
      expect.objectContaining({ source: { pointer: '/data/attributes/1/user_ids' } }),
    ]);
    const notLecturers = await put(c.asLecturer, '/api/course/courses/assistant', [
      { action: 'add', course_id: c.course.id, user_ids: [student.id, c.lecturer.id] },
    ]);
    expect(notLecturers.status).toBe(422);
    expect(notLecturers.body.errors?.[0].source?.pointer).toBe('/data/attributes/0/user_ids');
    const assistants = await h.ds.query(`SELECT user_id FROM course_assistants WHERE course_id = $1`, [
      c.course.id,
    ]);
    expect(assistants).toHaveLength(1);
  });

  it('is for the course lecturer only: assistant and student 403, stranger and other campus 404', async () => {
    const c = await cast(h);
    const body = [{ action: 'remove', course_id: c.course.id, user_ids: [c.assistant.id] }];
    expect((await put(c.asAssistant, '/api/course/courses/assistant', body)).status).toBe(403);
    expect((await put(c.asStudent, '/api/course/courses/assistant', body)).status).toBe(403);
    expect((await put(c.asStranger, '/api/course/courses/assistant', body)).status).toBe(404);
    expect((await put(c.asOutsider, '/api/course/courses/assistant', body)).status).toBe(404);
    const path = `/api/course/courses/assistant/coordinator/${c.course.id}/${c.assistant.id}`;
    expect((await put(c.asAssistant, path)).status).toBe(403);
    expect((await put(c.asOutsider, path)).status).toBe(404);
  });

  it('toggles the coordinator, one per course', async () => {
    const c = await cast(h);
    const second = await h.given.user(1, 'lecturer');
    await h.assist(c.course.id, second.id);
    const path = (userId: number) => `/api/course/courses/assistant/coordinator/${c.course.id}/${userId}`;
    const on = await put(c.asLecturer, path(c.assistant.id));
    expect(one(on.body).attributes).toMatchObject({ user_id: c.assistant.id, is_coordinator: true });
    const other = await put(c.asLecturer, path(second.id));
    expect(one(other.body).attributes.is_coordinator).toBe(true);
    const rows = await h.ds.query(
      `SELECT user_id, is_coordinator FROM course_assistants WHERE course_id = $1 ORDER BY user_id`,
      [c.course.id],
    );
    expect(rows).toEqual([
      { user_id: c.assistant.id, is_coordinator: false },
      { user_id: second.id, is_coordinator: true },
    ]);
    const off = await put(c.asLecturer, path(second.id));
    expect(one(off.body).attributes.is_coordinator).toBe(false);
    expect((await put(c.asLecturer, path(c.student.id))).status).toBe(404);
    expect((await staffEvents(c.course.id)).length).toBe(3);
  });
});
