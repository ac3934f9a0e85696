import { type ApiClient, attributesDoc as doc, errorPointers as pointers } from '@lms/testing';
import { CourseHarness, list, one } from './support/harness';

describe('/api/admin periods, faculties and courses (a campus without an academic system)', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A campus of its own per test, with its lptk account and a platform admin of another campus. */
  async function campus() {
    const { id } = await h.given.campus();
    const lptk = await h.as(await h.given.user(id, 'lptk'));
    const admin = await h.as(await h.given.user(1, 'admin'));
    return { id, lptk, admin };
  }

  async function structure(client: ApiClient, campusId?: number) {
    const period = one(
      (
        await client.post(
          '/api/admin/periods',
          doc({
            campus_id: campusId,
            name: '2026/2027 Ganjil',
            year: 2026,
            period_type: 'ganjil',
            is_active: true,
          }),
        )
      ).body,
    );
    const faculty = one(
      (
        await client.post(
          '/api/admin/faculties',
          doc({ campus_id: campusId, name: 'Engineering', code: 'FT' }),
        )
      ).body,
    );
    return { periodId: Number(period.id), facultyId: Number(faculty.id) };
  }

  it('lets an lptk account build its campus: a period, a faculty, a course with lecturers and classes, and publishes the course', async () => {
    const { id, lptk } = await campus();
    const lecturer = await h.given.user(id, 'lecturer');
    const assistant = await h.given.user(id, 'lecturer');
    const { periodId, facultyId } = await structure(lptk);
    const period = await lptk.get(`/api/admin/periods/${periodId}`);
    expect(one(period.body).attributes).toEqual({
      campus_id: id,
      name: '2026/2027 Ganjil',
      year: 2026,
      period_type: 'GANJIL',
      is_active: true,
    });

    const created = await lptk.post(
      '/api/admin/courses',
      doc({
        name: 'Algorithms',
        code: 'IF101',
        period_id: periodId,
        faculty_id: facultyId,
        lecturer_ids: [lecturer.id, assistant.id],
        classes: ['IF101-A', 'IF101-B'],
      }),
    );
    expect(created.status).toBe(201);
    const course = one(created.body);
    expect(course.attributes).toMatchObject({
      campus_id: id,
      name: 'Algorithms',
      code: 'IF101',
      period_id: periodId,
      faculty_id: facultyId,
      lecturer_id: lecturer.id,
      lecturer_ids: [lecturer.id, assistant.id],
      is_active: true,
    });
    expect((course.attributes.classes as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'IF101-A',
      'IF101-B',
    ]);
    const courseId = Number(course.id);
    const [upserted] = (await h.events('course.course.upserted')).filter((e) => e.data.id === courseId);
    expect(upserted.tenantId).toBe(id);
    expect(upserted.data).toMatchObject({
      code: 'IF101',
      period: { id: periodId, year: 2026, type: 'GANJIL' },
      classes: [{ name: 'IF101-A' }, { name: 'IF101-B' }],
    });
    const [staff] = (await h.events('course.staff.changed')).filter((e) => e.data.courseId === courseId);
    expect(staff.data).toMatchObject({
      lecturerId: lecturer.id,
      assistants: [{ userId: assistant.id, isCoordinator: false }],
    });

    // the lecturer now teaches it in the web app
    const asLecturer = await h.as(lecturer);
    expect((await asLecturer.get(`/api/course/courses/${courseId}`)).status).toBe(200);

    const listed = await lptk.get('/api/admin/courses?filter[period_id][is]=' + periodId);
    expect(list(listed.body).map((c) => c.attributes.code)).toEqual(['IF101']);
    expect(listed.body.meta?.total).toBe(1);
  });

  it('changes a course: staff replaced, classes added never removed, period renamed republishes its courses', async () => {
    const { id, lptk } = await campus();
    const [first, second, third] = [
      await h.given.user(id, 'lecturer'),
      await h.given.user(id, 'lecturer'),
      await h.given.user(id, 'lecturer'),
    ];
    const { periodId } = await structure(lptk);
    const course = one(
      (
        await lptk.post(
          '/api/admin/courses',
          doc({
            name: 'Databases',
            code: 'DB1',
            period_id: periodId,
            lecturer_ids: [first.id, second.id],
            classes: ['A'],
          }),
        )
      ).body,
    );
    const changed = await lptk.patch(
      `/api/admin/courses/${course.id}`,
      doc({ name: 'Databases I', lecturer_ids: [second.id, third.id], classes: ['B'] }),
    );
    expect(changed.status).toBe(200);
    expect(one(changed.body).attributes).toMatchObject({
      name: 'Databases I',
      lecturer_ids: [second.id, third.id],
    });
    expect((one(changed.body).attributes.classes as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'A',
      'B',
    ]);
    const staff = (await h.events('course.staff.changed')).filter(
      (e) => e.data.courseId === Number(course.id),
    );
    expect(staff.at(-1)!.data).toMatchObject({ lecturerId: second.id, assistants: [{ userId: third.id }] });

    const before = (await h.events('course.course.upserted')).filter(
      (e) => e.data.id === Number(course.id),
    ).length;
    const renamed = await lptk.patch(`/api/admin/periods/${periodId}`, doc({ name: 'Odd 2026' }));
    expect(renamed.status).toBe(200);
    const after = (await h.events('course.course.upserted')).filter((e) => e.data.id === Number(course.id));
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.data.period?.name).toBe('Odd 2026');
  });

  it('refuses bad input with a pointer per problem, and changes nothing', async () => {
    const { id, lptk } = await campus();
    const student = await h.given.user(id, 'student');
    const foreignLecturer = await h.given.user(1, 'lecturer');
    const { periodId, facultyId } = await structure(lptk);

    const malformed = await lptk.post(
      '/api/admin/courses',
      doc({ name: '', code: 'X'.repeat(51), period_id: 'soon', lecturer_ids: 'me', colour: 'red' }),
    );
    expect(malformed.status).toBe(422);
    expect(pointers(malformed.body)?.sort()).toEqual(
      [
        '/data/attributes/code',
        '/data/attributes/colour',
        '/data/attributes/lecturer_ids',
        '/data/attributes/name',
        '/data/attributes/period_id',
      ].sort(),
    );

    await lptk.post('/api/admin/courses', doc({ name: 'Taken', code: 'T1', period_id: periodId }));
    const references = await lptk.post(
      '/api/admin/courses',
      doc({
        name: 'Twin',
        code: 'T1',
        period_id: periodId,
        faculty_id: facultyId + 100000,
        lecturer_ids: [student.id, foreignLecturer.id],
        classes: ['A', 'A'],
      }),
    );
    expect(references.status).toBe(422);
    expect(pointers(references.body)).toEqual([
      '/data/attributes/faculty_id',
      '/data/attributes/lecturer_ids/0',
      '/data/attributes/lecturer_ids/1',
      '/data/attributes/classes/1',
      '/data/attributes/code',
    ]);
    const courses = await lptk.get(`/api/admin/courses?filter[period_id][is]=${periodId}`);
    expect(list(courses.body).map((c) => c.attributes.code)).toEqual(['T1']);

    const twinPeriod = await lptk.post(
      '/api/admin/periods',
      doc({ name: 'Again', year: 2026, period_type: 'GANJIL' }),
    );
    expect(twinPeriod.status).toBe(422);
    expect(pointers(twinPeriod.body)).toEqual(['/data/attributes/period_type']);
    const badPeriod = await lptk.post(
      '/api/admin/periods',
      doc({ name: 'P', year: 99, period_type: 'odd one' }),
    );
    expect(pointers(badPeriod.body)?.sort()).toEqual([
      '/data/attributes/period_type',
      '/data/attributes/year',
    ]);

    const twinFaculty = await lptk.post('/api/admin/faculties', doc({ name: 'engineering', code: 'ft' }));
    expect(twinFaculty.status).toBe(422);
    expect(pointers(twinFaculty.body)).toEqual(['/data/attributes/name', '/data/attributes/code']);
  });

  it('is for admins (any campus) and lptk accounts (their own): others 403, another campus 404', async () => {
    const { id, lptk, admin } = await campus();
    const other = await campus();
    const { periodId } = await structure(admin, id);
    const course = one(
      (
        await admin.post(
          '/api/admin/courses',
          doc({ campus_id: id, name: 'C', code: 'C1', period_id: periodId }),
        )
      ).body,
    );
    expect(course.attributes.campus_id).toBe(id);
    expect((await lptk.get(`/api/admin/courses/${course.id}`)).status).toBe(200);

    // another campus's lptk: not found, and not listed
    for (const path of [`/api/admin/courses/${course.id}`, `/api/admin/periods/${periodId}`])
      expect((await other.lptk.get(path)).status).toBe(404);
    expect(
      (await other.lptk.patch(`/api/admin/courses/${course.id}`, doc({ name: 'Mine now' }))).status,
    ).toBe(404);
    expect(list((await other.lptk.get('/api/admin/courses')).body)).toEqual([]);
    expect(
      (
        await other.lptk.post(
          '/api/admin/periods',
          doc({ campus_id: id, name: 'P', year: 2027, period_type: 'GENAP' }),
        )
      ).status,
    ).toBe(404);
    // an admin names a campus that does not exist
    const nowhere = await admin.post(
      '/api/admin/periods',
      doc({ campus_id: 999999, name: 'P', year: 2027, period_type: 'GENAP' }),
    );
    expect(nowhere.status).toBe(422);
    expect(pointers(nowhere.body)).toEqual(['/data/attributes/campus_id']);
    // an admin lists any campus by filter
    const listed = await admin.get(`/api/admin/courses?filter[campus_id][is]=${id}`);
    expect(list(listed.body).map((c) => c.id)).toEqual([course.id]);

    for (const role of ['lecturer', 'student'] as const) {
      const client = await h.as(await h.given.user(id, role));
      expect((await client.get('/api/admin/courses')).status).toBe(403);
      expect(
        (await client.post('/api/admin/periods', doc({ name: 'P', year: 2027, period_type: 'GENAP' })))
          .status,
      ).toBe(403);
    }
  });
});
