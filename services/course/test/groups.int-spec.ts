import { CourseHarness, cast, list, one } from './support/harness';

/** `/course/groups`: sets of groups of a course, written by its staff, generated reproducibly. */
describe('course groups', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** The cast with `n` more students in the course's class (the cast's own student first). */
  async function withStudents(n: number) {
    const c = await cast(h);
    const more = [];
    for (let i = 0; i < n; i++) more.push(await h.given.user(1, 'student'));
    await h.enrol(
      c.course.id,
      1,
      more.map((user) => user.id),
      c.courseClass,
    );
    return { ...c, students: [c.student, ...more] };
  }

  const setEvents = async (courseId: number) =>
    (await h.events('course.groups.changed')).filter((event) => event.data.courseId === courseId);

  const memberIds = (group: { attributes: Record<string, unknown> }) =>
    (group.attributes.users as Array<{ id: number }>).map((user) => user.id);

  describe('writing groups', () => {
    it('creates a group with members, the first leading when none is marked, and records the set', async () => {
      const c = await withStudents(2);
      const [a, b, third] = c.students;
      const created = await c.asLecturer.post('/api/course/groups', {
        course_id: c.course.id,
        type: 'Project teams',
        name: 'Team Blue',
        package: 'Round 1',
        users: [{ id: b.id }, { id: a.id }],
      });
      expect(created.status).toBe(201);
      const group = one(created.body);
      expect(group.type).toBe('groups');
      expect(group.attributes).toMatchObject({
        course_id: c.course.id,
        name: 'Team Blue',
        groups_type: 'Project teams',
        package: 'Round 1',
        details: expect.arrayContaining([
          { user_id: b.id, is_leader: true },
          { user_id: a.id, is_leader: false },
        ]),
      });
      expect((group.attributes.users as Array<{ name: string }>)[0].name).toBe(b.name);
      const events = await setEvents(c.course.id);
      expect(events.map((event) => event.data)).toEqual([
        {
          courseId: c.course.id,
          type: 'Project teams',
          groups: [
            {
              id: Number(group.id),
              name: 'Team Blue',
              members: [
                { userId: b.id, isLeader: true },
                { userId: a.id, isLeader: false },
              ],
            },
          ],
        },
      ]);
      // `details` is accepted as well, with an explicit leader.
      const other = await c.asAssistant.post('/api/course/groups', {
        course_id: c.course.id,
        type: 'Project teams',
        name: 'Team Red',
        details: [{ user_id: third.id, is_leader: true }],
      });
      expect(other.status).toBe(201);
    });

    it('keeps a student in one group of a set, students of the course only, one leader', async () => {
      const c = await withStudents(2);
      const [a, b] = c.students;
      const body = { course_id: c.course.id, type: 'Labs', name: 'Pair 1', users: [{ id: a.id }] };
      expect((await c.asLecturer.post('/api/course/groups', body)).status).toBe(201);
      const again = await c.asLecturer.post('/api/course/groups', { ...body, name: 'Pair 2' });
      expect(again.status).toBe(422);
      expect(again.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/users/0' },
        detail: `Student ${a.id} is already in the group Pair 1 of the set`,
      });
      // Another set is another matter.
      expect((await c.asLecturer.post('/api/course/groups', { ...body, type: 'Essays' })).status).toBe(201);
      const outsider = await c.asLecturer.post('/api/course/groups', {
        ...body,
        name: 'Pair 3',
        users: [{ id: b.id }, { id: c.assistant.id }],
      });
      expect(outsider.status).toBe(422);
      expect(outsider.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/users/1' },
        detail: `User ${c.assistant.id} is not a student of the course`,
      });
      const twoLeaders = await c.asLecturer.post('/api/course/groups', {
        ...body,
        name: 'Pair 4',
        users: [
          { id: b.id, is_leader: true },
          { id: c.students[2].id, is_leader: true },
        ],
      });
      expect(twoLeaders.status).toBe(422);
      expect(twoLeaders.body.errors?.[0].source?.pointer).toBe('/data/attributes/users/1/is_leader');
      const sameName = await c.asLecturer.post('/api/course/groups', { ...body, users: [] });
      expect(sameName.status).toBe(422);
      expect(sameName.body.errors?.[0].source?.pointer).toBe('/data/attributes/name');
      const missing = await c.asLecturer.post('/api/course/groups', { type: 'Labs', name: 'X' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/course_id' },
        detail: 'Course id is required',
      });
    });

    it('moves a student between groups only when asked, the old group keeping a leader', async () => {
      const c = await withStudents(3);
      const [a, b, s3, s4] = c.students;
      const post = (name: string, ids: number[]) =>
        c.asLecturer.post('/api/course/groups', {
          course_id: c.course.id,
          type: 'Teams',
          name,
          users: ids.map((id) => ({ id })),
        });
      const first = one((await post('One', [a.id, b.id])).body);
      const second = one((await post('Two', [s3.id, s4.id])).body);
      const refused = await c.asLecturer.patch(`/api/course/groups/${second.id}`, {
        users: [{ id: s3.id, is_leader: true }, { id: s4.id }, { id: a.id }],
      });
      expect(refused.status).toBe(422);
      const moved = await c.asLecturer.patch(`/api/course/groups/${second.id}`, {
        users: [{ id: s3.id }, { id: s4.id }, { id: a.id, is_leader: true }],
        move: true,
      });
      expect(moved.status).toBe(200);
      expect(one(moved.body).attributes.details).toEqual([
        { user_id: a.id, is_leader: true },
        ...[s3, s4]
          .sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id)
          .map((user) => ({ user_id: user.id, is_leader: false })),
      ]);
      const left = one((await c.asLecturer.get(`/api/course/groups/${first.id}`)).body);
      expect(left.attributes.details).toEqual([{ user_id: b.id, is_leader: true }]);
      const renamed = await c.asAssistant.patch(`/api/course/groups/${first.id}`, {
        name: 'Uno',
        package: null,
      });
      expect(one(renamed.body).attributes).toMatchObject({ name: 'Uno', package: null });
      const last = (await setEvents(c.course.id)).at(-1)!;
      expect(last.data.groups.map((group) => [group.name, group.members.length])).toEqual([
        ['Uno', 1],
        ['Two', 3],
      ]);
    });

    it('deletes a group and records the set without it', async () => {
      const c = await withStudents(1);
      const group = one(
        (
          await c.asLecturer.post('/api/course/groups', {
            course_id: c.course.id,
            type: 'Solo',
            name: 'Only',
            users: [{ id: c.student.id }],
          })
        ).body,
      );
      expect((await c.asStudent.send('DELETE', `/api/course/groups/${group.id}`)).status).toBe(403);
      expect((await c.asLecturer.send('DELETE', `/api/course/groups/${group.id}`)).status).toBe(204);
      expect((await c.asLecturer.get(`/api/course/groups/${group.id}`)).status).toBe(404);
      expect((await setEvents(c.course.id)).at(-1)!.data).toEqual({
        courseId: c.course.id,
        type: 'Solo',
        groups: [],
      });
    });
  });

  describe('who reads and writes', () => {
    it('lets the course read, only its staff write, and hides it from others and other campuses', async () => {
      const c = await withStudents(1);
      const made = await c.asLecturer.post('/api/course/groups', {
        course_id: c.course.id,
        type: 'Teams',
        name: 'A',
        users: [{ id: c.student.id }],
      });
      const id = one(made.body).id;
      const mine = await c.asStudent.get(`/api/course/groups?filter[course_id][is]=${c.course.id}`);
      expect(list(mine.body).map((group) => group.id)).toEqual([id]);
      expect((await c.asStudent.get(`/api/course/groups/${id}`)).status).toBe(200);
      const write = { course_id: c.course.id, type: 'Teams', name: 'B' };
      expect((await c.asStudent.post('/api/course/groups', write)).status).toBe(403);
      expect((await c.asStudent.patch(`/api/course/groups/${id}`, { name: 'Mine' })).status).toBe(403);
      expect(
        (await c.asStudent.post('/api/course/groups/generate', { ...write, group_count: 1 })).status,
      ).toBe(403);
      expect((await c.asStranger.post('/api/course/groups', write)).status).toBe(404);
      expect((await c.asStranger.get(`/api/course/groups/${id}`)).status).toBe(404);
      expect(list((await c.asStranger.get('/api/course/groups')).body)).toEqual([]);
      expect((await c.asOutsider.get(`/api/course/groups/${id}`)).status).toBe(404);
      expect((await c.asOutsider.patch(`/api/course/groups/${id}`, { name: 'X' })).status).toBe(404);
      expect((await c.asOutsider.send('DELETE', `/api/course/groups/${id}`)).status).toBe(404);
      expect(list((await c.asOutsider.get('/api/course/groups')).body)).toEqual([]);
    });
  });

  describe('generating a set', () => {
    const generate = (client: Awaited<ReturnType<typeof h.as>>, body: Record<string, unknown>) =>
      client.post('/api/course/groups/generate', { type: 'Teams', name: 'Team', ...body });

    it('makes groups of a size, the remainder spread, each student once, leaders set', async () => {
      const c = await withStudents(6); // 7 students
      const response = await generate(c.asLecturer, { course_id: c.course.id, student_count: 2, seed: 'x' });
      expect(response.status).toBe(200);
      const groups = list(response.body);
      expect(groups.map((group) => group.attributes.name)).toEqual(['Team 1', 'Team 2', 'Team 3']);
      expect(groups.map((group) => memberIds(group).length)).toEqual([3, 2, 2]);
      expect(groups.flatMap(memberIds).sort()).toEqual(c.students.map((s) => s.id).sort());
      for (const group of groups) {
        const details = group.attributes.details as Array<{ is_leader: boolean }>;
        expect(details.filter((detail) => detail.is_leader)).toHaveLength(1);
      }
      expect(response.body.meta).toMatchObject({ seed: 'x', preview: false });
    });

    it('makes a number of groups whose sizes differ by at most one, and exact counts evenly', async () => {
      const c = await withStudents(9); // 10 students
      const uneven = list((await generate(c.asLecturer, { course_id: c.course.id, group_count: 3 })).body);
      expect(uneven.map((group) => memberIds(group).length)).toEqual([4, 3, 3]);
      const exact = list(
        (await generate(c.asLecturer, { course_id: c.course.id, group_count: 5, type: 'Pairs' })).body,
      );
      expect(exact.map((group) => memberIds(group).length)).toEqual([2, 2, 2, 2, 2]);
      const bySize = list(
        (await generate(c.asLecturer, { course_id: c.course.id, student_count: 5, type: 'Halves' })).body,
      );
      expect(bySize.map((group) => memberIds(group).length)).toEqual([5, 5]);
    });

    it('is reproducible for a seed, previews without saving, and replaces the set in one go', async () => {
      const c = await withStudents(7);
      const body = { course_id: c.course.id, group_count: 3, seed: 42 };
      const preview = await generate(c.asLecturer, { ...body, preview: true });
      expect(preview.status).toBe(200);
      expect(preview.body.meta).toEqual({ seed: '42', preview: true });
      expect(list(preview.body)[0].type).toBe('group-previews');
      const before = (await setEvents(c.course.id)).length;
      expect(
        list((await c.asLecturer.get(`/api/course/groups?filter[course_id][is]=${c.course.id}`)).body),
      ).toEqual([]);
      const saved = list((await generate(c.asLecturer, body)).body);
      expect(saved.map(memberIds)).toEqual(list(preview.body).map(memberIds));
      const again = list((await generate(c.asLecturer, body)).body);
      expect(again.map(memberIds)).toEqual(saved.map(memberIds));
      const reseeded = list((await generate(c.asLecturer, { ...body, seed: 'another' })).body);
      expect(reseeded.map(memberIds)).not.toEqual(saved.map(memberIds));
      // The default seed is the course and set: the same without a seed, twice.
      const defaulted = list((await generate(c.asLecturer, { course_id: c.course.id, group_count: 3 })).body);
      const defaultedAgain = (await generate(c.asLecturer, { course_id: c.course.id, group_count: 3 })).body;
      expect(list(defaultedAgain).map(memberIds)).toEqual(defaulted.map(memberIds));
      expect(defaultedAgain.meta).toMatchObject({ seed: `${c.course.id}:Teams` });
      const now = list(
        (await c.asLecturer.get(`/api/course/groups?filter[course_id][is]=${c.course.id}`)).body,
      );
      expect(now.map((group) => group.id)).toEqual(list(defaultedAgain).map((group) => group.id));
      const events = (await setEvents(c.course.id)).slice(before);
      expect(events).toHaveLength(5);
      expect(events.at(-1)!.data.groups.map((group) => group.members.map((member) => member.userId))).toEqual(
        list(defaultedAgain).map(memberIds),
      );
    });

    it('handles one student, and refuses no students and more groups than students', async () => {
      const c = await withStudents(0); // 1 student
      const one1 = list((await generate(c.asLecturer, { course_id: c.course.id, student_count: 3 })).body);
      expect(one1.map(memberIds)).toEqual([[c.student.id]]);
      expect((one1[0].attributes.details as Array<{ is_leader: boolean }>)[0].is_leader).toBe(true);
      const tooMany = await generate(c.asLecturer, { course_id: c.course.id, group_count: 2 });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/group_count' },
        detail: "group_count (2) is more than the course's 1 student",
      });
      const empty = await h.course(1, c.lecturer.id);
      await h.courseClass(1, empty.id);
      const none = await generate(c.asLecturer, { course_id: empty.id, student_count: 2 });
      expect(none.status).toBe(422);
      expect(none.body.errors?.[0]?.detail).toBe('The course has no students to put in groups');
      const neither = await generate(c.asLecturer, { course_id: c.course.id });
      expect(neither.status).toBe(422);
      expect(neither.body.errors?.[0].source?.pointer).toBe('/data/attributes/student_count');
      const both = await generate(c.asLecturer, { course_id: c.course.id, student_count: 1, group_count: 1 });
      expect(both.status).toBe(422);
      const badSize = await generate(c.asLecturer, { course_id: c.course.id, student_count: 0 });
      expect(badSize.status).toBe(422);
      expect(badSize.body.errors?.[0].source?.pointer).toBe('/data/attributes/student_count');
      // The refused generations left the set as it was.
      const now = list(
        (await c.asLecturer.get(`/api/course/groups?filter[course_id][is]=${c.course.id}`)).body,
      );
      expect(now.map(memberIds)).toEqual([[c.student.id]]);
    });

    it('generates from one class of the course', async () => {
      const c = await withStudents(1);
      const other = await h.given.user(1, 'student');
      const classB = await h.enrol(c.course.id, 1, [other.id]);
      const groups = list(
        (await generate(c.asLecturer, { course_id: c.course.id, group_count: 1, class_id: classB.id })).body,
      );
      expect(groups.map(memberIds)).toEqual([[other.id]]);
      const foreign = await h.courseClass(1, (await h.course(1, null)).id);
      const refused = await generate(c.asLecturer, {
        course_id: c.course.id,
        group_count: 1,
        class_id: foreign.id,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.[0].source?.pointer).toBe('/data/attributes/class_id');
    });
  });
});
