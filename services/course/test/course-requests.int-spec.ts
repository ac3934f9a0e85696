import { type ApiClient, attributesDoc as doc, errorPointers as pointers } from '@lms/testing';
import { CourseHarness, list, one } from './support/harness';

describe('course requests: a lecturer asks for a course, an operator approves or rejects it', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A campus of its own per test: its lptk account, a lecturer, a period and a faculty. */
  async function campus() {
    const { id } = await h.given.campus();
    const lptk = await h.as(await h.given.user(id, 'lptk'));
    const lecturerUser = await h.given.user(id, 'lecturer', { name: 'Ani Lestari' });
    const lecturer = await h.as(lecturerUser);
    const period = one(
      (
        await lptk.post(
          '/api/admin/periods',
          doc({ name: 'Ganjil 2026', year: 2026, period_type: 'GANJIL', is_active: true }),
        )
      ).body,
    );
    const faculty = one(
      (await lptk.post('/api/admin/faculties', doc({ name: 'Engineering', code: 'FT' }))).body,
    );
    return {
      id,
      lptk,
      lecturer,
      lecturerUser,
      periodId: Number(period.id),
      facultyId: Number(faculty.id),
    };
  }

  const ask = (client: ApiClient, attributes: Record<string, unknown>) =>
    client.post('/api/course/course-requests', doc(attributes));

  it('approves a request: the course is created with the requester as lecturer and the classes asked for', async () => {
    const { id, lptk, lecturer, lecturerUser, periodId, facultyId } = await campus();
    const asked = await ask(lecturer, {
      name: 'Machine Learning',
      code: 'IF450',
      period_id: periodId,
      faculty_id: facultyId,
      classes: ['IF450-A', ' IF450-B '],
      note: 'Elective for the fourth year',
    });
    expect(asked.status).toBe(201);
    const request = one(asked.body);
    expect(request.attributes).toMatchObject({
      campus_id: id,
      name: 'Machine Learning',
      code: 'IF450',
      period_id: periodId,
      period_year: 2026,
      period_type: 'GANJIL',
      faculty_name: 'Engineering',
      classes: ['IF450-A', 'IF450-B'],
      note: 'Elective for the fourth year',
      state: 'pending',
      reason: null,
      requested_by: lecturerUser.id,
      requester_name: 'Ani Lestari',
      course_id: null,
    });
    expect(list((await lecturer.get('/api/course/course-requests')).body).map((r) => r.id)).toEqual([
      request.id,
    ]);

    const pending = await lptk.get('/api/admin/course-requests?filter[state][is]=pending');
    expect(list(pending.body).map((r) => r.id)).toEqual([request.id]);
    const approved = await lptk.post(`/api/admin/course-requests/${request.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(one(approved.body).attributes).toMatchObject({ state: 'approved', reason: null });
    const courseId = one(approved.body).attributes.course_id as number;

    const course = one((await lptk.get(`/api/admin/courses/${courseId}`)).body);
    expect(course.attributes).toMatchObject({
      campus_id: id,
      name: 'Machine Learning',
      code: 'IF450',
      period_id: periodId,
      faculty_id: facultyId,
      lecturer_ids: [lecturerUser.id],
    });
    expect((course.attributes.classes as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'IF450-A',
      'IF450-B',
    ]);
    expect((await lecturer.get(`/api/course/courses/${courseId}`)).status).toBe(200);
    const mine = one((await lecturer.get(`/api/course/course-requests/${request.id}`)).body);
    expect(mine.attributes).toMatchObject({ state: 'approved', course_id: courseId });

    // what the other services learn, all from the one transaction
    expect((await h.events('course.course.upserted')).some((e) => e.data.id === courseId)).toBe(true);
    const [staff] = (await h.events('course.staff.changed')).filter((e) => e.data.courseId === courseId);
    expect(staff.data.lecturerId).toBe(lecturerUser.id);
    const decided = (await h.events('course.request.decided')).filter(
      (e) => e.data.requestId === Number(request.id),
    );
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({
      tenantId: id,
      data: { requesterId: lecturerUser.id, state: 'approved', courseId, code: 'IF450', reason: null },
    });

    // a second approval: 409, no second course
    const again = await lptk.post(`/api/admin/course-requests/${request.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.detail).toBe('This course request was already approved');
    expect(list((await lptk.get(`/api/admin/courses?filter[code][is]=IF450`)).body)).toHaveLength(1);
  });

  it('rejects a request with the reason the lecturer reads; a decided request is not decided again', async () => {
    const { lptk, lecturer, lecturerUser, periodId } = await campus();
    const request = one((await ask(lecturer, { name: 'Robotics', code: 'RB1', period_id: periodId })).body);

    const noReason = await lptk.post(`/api/admin/course-requests/${request.id}/reject`, doc({}));
    expect(noReason.status).toBe(422);
    expect(pointers(noReason.body)).toEqual(['/data/attributes/reason']);

    const rejected = await lptk.post(
      `/api/admin/course-requests/${request.id}/reject`,
      doc({ reason: 'Robotics is taught by the electrical faculty' }),
    );
    expect(rejected.status).toBe(200);
    const mine = one((await lecturer.get(`/api/course/course-requests/${request.id}`)).body);
    expect(mine.attributes).toMatchObject({
      state: 'rejected',
      reason: 'Robotics is taught by the electrical faculty',
      course_id: null,
    });
    expect(mine.attributes.decided_at).toEqual(expect.any(String));
    const [decided] = (await h.events('course.request.decided')).filter(
      (e) => e.data.requestId === Number(request.id),
    );
    expect(decided.data).toMatchObject({
      requesterId: lecturerUser.id,
      state: 'rejected',
      courseId: null,
      reason: 'Robotics is taught by the electrical faculty',
    });

    const approve = await lptk.post(`/api/admin/course-requests/${request.id}/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.errors?.[0]?.detail).toBe('This course request was already rejected');
    expect(list((await lptk.get(`/api/admin/courses?filter[code][is]=RB1`)).body)).toEqual([]);
  });

  it('lets the requester withdraw a pending request, once; nobody else', async () => {
    const { id, lptk, lecturer, periodId } = await campus();
    const colleague = await h.as(await h.given.user(id, 'lecturer'));
    const request = one((await ask(lecturer, { name: 'Compilers', code: 'CP1', period_id: periodId })).body);

    expect((await colleague.get(`/api/course/course-requests/${request.id}`)).status).toBe(404);
    expect((await colleague.post(`/api/course/course-requests/${request.id}/withdraw`, {})).status).toBe(404);
    expect(list((await colleague.get('/api/course/course-requests')).body)).toEqual([]);

    const withdrawn = await lecturer.post(`/api/course/course-requests/${request.id}/withdraw`, {});
    expect(withdrawn.status).toBe(200);
    expect(one(withdrawn.body).attributes.state).toBe('withdrawn');
    expect((await lecturer.post(`/api/course/course-requests/${request.id}/withdraw`, {})).status).toBe(409);
    const approve = await lptk.post(`/api/admin/course-requests/${request.id}/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.errors?.[0]?.detail).toBe('This course request was already withdrawn');
    expect(
      (await h.events('course.request.decided')).filter((e) => e.data.requestId === Number(request.id)),
    ).toEqual([]);

    // the code is free again for a new request
    expect((await ask(lecturer, { name: 'Compilers', code: 'CP1', period_id: periodId })).status).toBe(201);
  });

  it('refuses bad input with a pointer per problem, as a new course would be, and records nothing', async () => {
    const { lptk, lecturer, periodId } = await campus();
    const other = await campus();

    const malformed = await ask(lecturer, {
      name: '',
      code: 'X'.repeat(51),
      period_id: 'soon',
      colour: 'red',
    });
    expect(malformed.status).toBe(422);
    expect(pointers(malformed.body)?.sort()).toEqual(
      [
        '/data/attributes/code',
        '/data/attributes/colour',
        '/data/attributes/name',
        '/data/attributes/period_id',
      ].sort(),
    );

    const references = await ask(lecturer, {
      name: 'Elsewhere',
      code: 'E1',
      period_id: other.periodId,
      faculty_id: other.facultyId,
      classes: ['A', 'A'],
    });
    expect(references.status).toBe(422);
    expect(references.body.errors?.map((e: { detail?: string }) => e.detail)).toEqual([
      'period_id is not a period of this campus',
      'faculty_id is not a faculty of this campus',
      'class A is listed twice',
    ]);

    await lptk.post('/api/admin/courses', doc({ name: 'Taken', code: 'T1', period_id: periodId }));
    const taken = await ask(lecturer, { name: 'Twin', code: 'T1', period_id: periodId });
    expect(taken.status).toBe(422);
    expect(pointers(taken.body)).toEqual(['/data/attributes/code']);
    expect(taken.body.errors?.[0]?.detail).toMatch(/^The period has a course with code T1 already: Taken/);

    expect((await ask(lecturer, { name: 'First', code: 'N1', period_id: periodId })).status).toBe(201);
    const twice = await ask(lecturer, { name: 'Second', code: 'N1', period_id: periodId });
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.[0]?.detail).toMatch(/^A course N1 of this period is requested already/);

    expect(
      list((await lecturer.get('/api/course/course-requests')).body).map((r) => r.attributes.code),
    ).toEqual(['N1']);
  });

  it('leaves a request pending when its approval is refused: the code was taken since', async () => {
    const { lptk, lecturer, periodId } = await campus();
    const request = one(
      (await ask(lecturer, { name: 'Networks', code: 'NW1', period_id: periodId, classes: ['A'] })).body,
    );
    await lptk.post('/api/admin/courses', doc({ name: 'Networks (old)', code: 'NW1', period_id: periodId }));

    const approve = await lptk.post(`/api/admin/course-requests/${request.id}/approve`, {});
    expect(approve.status).toBe(422);
    expect(pointers(approve.body)).toEqual(['/data/attributes/code']);
    expect(one((await lecturer.get(`/api/course/course-requests/${request.id}`)).body).attributes.state).toBe(
      'pending',
    );
    expect(list((await lptk.get(`/api/admin/courses?filter[code][is]=NW1`)).body)).toHaveLength(1);
  });

  it('is for lecturers (their own) and operators (admin any campus, lptk its own): others 403, another campus 404', async () => {
    const { id, lptk, lecturer, periodId } = await campus();
    const other = await campus();
    const admin = await h.as(await h.given.user(1, 'admin'));
    const request = one((await ask(lecturer, { name: 'Ethics', code: 'ET1', period_id: periodId })).body);

    const student = await h.as(await h.given.user(id, 'student'));
    expect((await ask(student, { name: 'Mine', code: 'S1', period_id: periodId })).status).toBe(403);
    expect((await student.get('/api/course/course-requests')).status).toBe(403);
    expect((await lptk.get('/api/course/course-requests')).status).toBe(403);
    for (const client of [student, lecturer]) {
      expect((await client.get('/api/admin/course-requests')).status).toBe(403);
      expect((await client.post(`/api/admin/course-requests/${request.id}/approve`, {})).status).toBe(403);
    }

    // another campus: its lptk and its lecturers do not find it
    expect((await other.lptk.get(`/api/admin/course-requests/${request.id}`)).status).toBe(404);
    expect((await other.lptk.post(`/api/admin/course-requests/${request.id}/approve`, {})).status).toBe(404);
    expect(
      (await other.lptk.post(`/api/admin/course-requests/${request.id}/reject`, doc({ reason: 'No' })))
        .status,
    ).toBe(404);
    expect(list((await other.lptk.get('/api/admin/course-requests')).body)).toEqual([]);
    expect((await other.lecturer.get(`/api/course/course-requests/${request.id}`)).status).toBe(404);

    // a platform admin reaches every campus
    const listed = await admin.get(`/api/admin/course-requests?filter[campus_id][is]=${id}`);
    expect(list(listed.body).map((r) => r.id)).toEqual([request.id]);
    const approved = await admin.post(`/api/admin/course-requests/${request.id}/approve`, {});
    expect(approved.status).toBe(200);
    const course = one(
      (await lptk.get(`/api/admin/courses/${one(approved.body).attributes.course_id}`)).body,
    );
    expect(course.attributes.campus_id).toBe(id);
  });
});
