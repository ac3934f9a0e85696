import { createEnvelope, type EventDataMap, type EventEnvelope } from '@lms/events';
import { CourseHarness, cast, list, one } from './support/harness';

type Sent = EventDataMap['presence.session.sent'];
type Mark = Sent['details'][number]['type'];
const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const DAY = 24 * 60 * 60 * 1000;

/**
 * The gradebook's attendance column (docs/gradebook.md "Attendance"): the presence service's sent
 * sessions (`presence.session.sent`) kept by the course service, and, while the course counts
 * attendance (`gradebook_presence`), a column whose score is each student's percentage of the sent
 * sessions they attended.
 */
describe('gradebook: attendance', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course with class A (Ana, Budi) and class B (Citra). */
  async function course() {
    const c = await cast(h);
    const ana = c.student;
    const budi = await h.given.user(1, 'student', { name: 'Budi Santoso' });
    const citra = await h.given.user(1, 'student', { name: 'Citra Dewi' });
    await h.enrol(c.course.id, 1, [budi.id], c.courseClass);
    const classB = await h.enrol(c.course.id, 1, [citra.id], await h.courseClass(1, c.course.id, 'B'));
    return { ...c, ana, budi, citra, classB };
  }
  type Course = Awaited<ReturnType<typeof course>>;

  /** A sent session of a class with its students' marks (null: not marked), as presence records it. */
  function session(
    c: Course,
    classId: number,
    marks: Array<[number, Mark]>,
    options: { id?: number; tenantId?: number; courseId?: number; at?: Date } = {},
  ): EventEnvelope<Sent> {
    const start = new Date(Date.now() - 7 * DAY);
    const data: Sent = {
      id: options.id ?? h.nextId(),
      courseId: options.courseId ?? c.course.id,
      classId,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 100 * 60_000).toISOString(),
      sentAt: start.toISOString(),
      details: marks.map(([userId, type]) => ({ userId, type, status: type === 'attend' ? 1 : 0 })),
    };
    const envelope = createEnvelope({ type: 'presence.session.sent', tenantId: options.tenantId ?? 1, data });
    return options.at ? { ...envelope, occurredAt: options.at.toISOString() } : envelope;
  }

  const countAttendance = (c: Course, on: boolean) =>
    c.asLecturer.patch(`/api/course/courses/${c.course.id}`, body({ gradebook_presence: on }));

  async function gradebook(c: Course) {
    const response = await c.asLecturer.get(`/api/gradebook?course_id=${c.course.id}`);
    expect(response.status).toBe(200);
    return response.body;
  }
  const scoresOf = async (c: Course) =>
    Object.fromEntries(
      list(await gradebook(c)).map((row) => [
        row.attributes.name,
        (row.attributes.scores as Record<string, number | null>)[`presences:${c.course.id}`],
      ]),
    );

  it('scores each student by the sent sessions they attended: 3 of 4 is 75', async () => {
    const c = await course();
    const switched = await countAttendance(c, true);
    expect(switched.status).toBe(200);
    expect(one(switched.body).attributes.gradebook_presence).toBe(true);
    const A = c.courseClass.id;
    // Ana: present, present, sick, present → 3 of 4; Budi: present, absent, unmarked, leave → 1 of 4
    for (const marks of [
      [
        [c.ana.id, 'attend'],
        [c.budi.id, 'attend'],
      ],
      [
        [c.ana.id, 'attend'],
        [c.budi.id, 'absent'],
      ],
      [
        [c.ana.id, 'sick'],
        [c.budi.id, null],
      ],
      [
        [c.ana.id, 'attend'],
        [c.budi.id, 'leave'],
      ],
    ] as Array<Array<[number, Mark]>>)
      expect(await h.deliver(session(c, A, marks))).toBe(true);
    // class B's one session: Citra "other" → 0 of 1
    await h.deliver(session(c, c.classB.id, [[c.citra.id, 'other']]));

    const document = await gradebook(c);
    expect(document.meta?.columns).toEqual([
      {
        key: `presences:${c.course.id}`,
        gradeable_type: 'presences',
        gradeable_id: c.course.id,
        title: 'Attendance',
        percentage: 0,
        grade_id: null,
      },
    ]);
    expect(await scoresOf(c)).toEqual({ 'Budi Santoso': 25, 'Citra Dewi': 0, [c.ana.name]: 75 });

    // weighted like any gradeable: 40 % of Ana's 75 is 30
    const weighed = await c.asLecturer.post(
      '/api/course/grades',
      body({
        course_id: c.course.id,
        gradeable_type: 'presences',
        gradeable_id: c.course.id,
        percentage: 40,
      }),
    );
    expect(weighed.status).toBe(201);
    expect(one(weighed.body).attributes.title).toBe('Attendance');
    const rows = list(await gradebook(c)).map((row) => [row.attributes.name, row.attributes.final_score]);
    expect(rows).toEqual([
      ['Budi Santoso', 10],
      ['Citra Dewi', 0],
      [c.ana.name, 30],
    ]);
    // 2 of 3 rounds to two decimals
    await h.deliver(session(c, c.classB.id, [[c.citra.id, 'attend']]));
    await h.deliver(session(c, c.classB.id, [[c.citra.id, 'attend']]));
    expect((await scoresOf(c))['Citra Dewi']).toBe(66.67);
  });

  it('applies the same event once, and an older copy of a session never replaces a newer one', async () => {
    const c = await course();
    await countAttendance(c, true);
    const A = c.courseClass.id;
    const first = session(c, A, [
      [c.ana.id, 'attend'],
      [c.budi.id, 'absent'],
    ]);
    expect(await h.deliver(first)).toBe(true);
    expect(await h.deliver(first)).toBe(true); // redelivered: the inbox already holds it
    const other = session(c, A, [
      [c.ana.id, 'absent'],
      [c.budi.id, 'absent'],
    ]);
    await h.deliver(other);
    const before = await scoresOf(c);
    expect(before).toEqual({ 'Budi Santoso': 0, 'Citra Dewi': null, [c.ana.name]: 50 });
    expect(
      await h.ds.query(`SELECT count(*)::int AS n FROM presence_session_marks WHERE course_id = $1`, [
        c.course.id,
      ]),
    ).toEqual([{ n: 4 }]);

    // a republished copy (the backfill's) of the same session changes nothing
    const again = session(
      c,
      A,
      first.data.details.map((d) => [d.userId, d.type]),
      {
        id: first.data.id,
        at: new Date(Date.now() + 1000),
      },
    );
    await h.deliver(again);
    expect(await scoresOf(c)).toEqual(before);
    // a copy older than what the course holds is ignored
    const stale = session(
      c,
      A,
      [
        [c.ana.id, 'absent'],
        [c.budi.id, 'attend'],
      ],
      { id: first.data.id, at: new Date(Date.now() - DAY) },
    );
    await h.deliver(stale);
    expect(await scoresOf(c)).toEqual(before);
  });

  it('has no column while the course does not count attendance, and its weight then no longer counts', async () => {
    const c = await course();
    await h.deliver(session(c, c.courseClass.id, [[c.ana.id, 'attend']]));
    const off = await gradebook(c);
    expect(off.meta?.columns).toEqual([]);
    expect(list(off).every((row) => !(`presences:${c.course.id}` in (row.attributes.scores as object)))).toBe(
      true,
    );
    const refused = await c.asLecturer.post(
      '/api/course/grades',
      body({
        course_id: c.course.id,
        gradeable_type: 'presences',
        gradeable_id: c.course.id,
        percentage: 10,
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0].source?.pointer).toBe('/data/attributes/gradeable_id');

    // only the lecturer switches it
    expect(
      (await c.asStudent.patch(`/api/course/courses/${c.course.id}`, body({ gradebook_presence: true })))
        .status,
    ).toBe(403);
    expect(
      (await c.asOutsider.patch(`/api/course/courses/${c.course.id}`, body({ gradebook_presence: true })))
        .status,
    ).toBe(404);
    const bad = await c.asLecturer.patch(
      `/api/course/courses/${c.course.id}`,
      body({ gradebook_presence: 'yes' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0].source?.pointer).toBe('/data/attributes/gradebook_presence');

    // sessions sent before the switch count once it is on
    await countAttendance(c, true);
    await c.asLecturer.post(
      '/api/course/grades',
      body({
        course_id: c.course.id,
        gradeable_type: 'presences',
        gradeable_id: c.course.id,
        percentage: 10,
      }),
    );
    expect(await scoresOf(c)).toMatchObject({ [c.ana.name]: 100 });
    expect((await gradebook(c)).meta?.weights_total).toBe(10);
    await countAttendance(c, false);
    const offAgain = await gradebook(c);
    expect(offAgain.meta).toMatchObject({ columns: [], weights_total: 0 });
  });

  it('counts only the sessions of its own course and campus', async () => {
    const c = await course();
    await countAttendance(c, true);
    const other = await course(); // another course of the campus
    await h.deliver(session(c, c.courseClass.id, [[c.ana.id, 'attend']]));
    // Ana's absence in another course of the campus, and an event of another campus naming this course
    await h.deliver(session(other, other.courseClass.id, [[c.ana.id, 'absent']]));
    await h.deliver(session(c, c.courseClass.id, [[c.ana.id, 'absent']], { tenantId: 2 }));
    expect((await scoresOf(c))[c.ana.name]).toBe(100);
    const outsider = await c.asOutsider.get(`/api/gradebook?course_id=${c.course.id}`);
    expect(outsider.status).toBe(404);
  });
});
