import { VIEW_REPORTS_PER_MINUTE } from '../src/public/view-counter';
import { Faculty } from '../src/faculties/faculty.entity';
import { CourseModule } from '../src/structure/module.entity';
import { TenantProjection } from '../src/tenants/tenant-projection.entity';
import { CourseHarness, list, one } from './support/harness';

describe('public catalogue', () => {
  const h = new CourseHarness();
  beforeAll(async () => {
    await h.start();
    const updatedAt = '2026-01-01T00:00:00.000Z';
    await h.given.campus({ id: 1, domain: 'campus.example.ac.id', name: 'Campus One', updatedAt });
    await h.given.campus({ id: 2, domain: 'other.example.ac.id', name: 'Campus Two', updatedAt });
  });
  afterAll(() => h.stop());

  /** A call as the gateway forwards it: no token, the browser's host in x-forwarded-host. */
  const anonymous = (path: string, host = 'campus.example.ac.id:8080') =>
    h.api.get(path, { 'x-forwarded-host': host });

  it('keeps a campus projection that an older event never rolls back', async () => {
    await h.given.campus({
      id: 3,
      domain: 'three.example',
      name: 'New',
      updatedAt: '2026-02-02T00:00:00.000Z',
    });
    await h.given.campus({
      id: 3,
      domain: 'three.example',
      name: 'Old',
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
    const row = await h.ds.getRepository(TenantProjection).findOneByOrFail({ id: 3 });
    expect(row).toMatchObject({ name: 'New', domain: 'three.example', timeZone: 'Asia/Jakarta' });
  });

  it('finds the campus by the forwarded host; an unknown host is a 404', async () => {
    const unknown = await anonymous('/api/public/courses', 'nowhere.example');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0].detail).toBe('No campus is served at nowhere.example');
    expect((await h.api.get('/api/public/courses', { host: 'Campus.Example.ac.id' })).status).toBe(200);
  });

  it('lists active public or free courses of the campus, 9 a page; explore shows 4 free ones', async () => {
    const lecturer = await h.given.user(1, 'lecturer', { name: 'Dr. Public', email: 'secret@example.org' });
    const make = (
      name: string,
      flags: { isPublic?: boolean; isFree?: boolean; isActive?: boolean },
      tenantId = 1,
    ) => h.course(tenantId, lecturer.id, { name, isPublic: false, isFree: false, isActive: true, ...flags });
    const publicCourse = await make('Public', { isPublic: true });
    const free = [];
    for (let i = 0; i < 5; i++) free.push(await make(`Free ${i}`, { isFree: true }));
    await make('Private', {});
    await make('Inactive public', { isPublic: true, isActive: false });
    await make('Other campus', { isPublic: true, isFree: true }, 2);

    const page = await anonymous('/api/public/courses?page[limit]=0&include=lecturer');
    expect(page.status).toBe(200);
    expect(list(page.body).map((course) => course.attributes.name)).toEqual(
      expect.arrayContaining(['Public', 'Free 0', 'Free 4']),
    );
    const names = list(page.body).map((course) => course.attributes.name);
    expect(names).not.toContain('Private');
    expect(names).not.toContain('Inactive public');
    expect(names).not.toContain('Other campus');
    expect(page.body.meta).toMatchObject({ total: 6 });
    const lecturerDoc = page.body.included?.find((item) => item.type === 'lecturers');
    // Name and avatar only: no username, e-mail or NIDN for an anonymous reader.
    expect(lecturerDoc?.attributes).toEqual({ user_id: lecturer.id, name: 'Dr. Public', thumbnail: null });
    expect(JSON.stringify(page.body)).not.toContain('secret@example.org');

    const defaultPage = await anonymous('/api/public/courses');
    expect(list(defaultPage.body).length).toBe(6);
    expect(defaultPage.body.meta).toMatchObject({ total: 6 });

    const explore = await anonymous('/api/public/courses/explore');
    expect(list(explore.body).map((course) => course.attributes.name)).toEqual([
      'Free 4',
      'Free 3',
      'Free 2',
      'Free 1',
    ]);
    expect(explore.body.meta).toMatchObject({ total: 5 });
    expect(list(explore.body)[0].attributes).toMatchObject({ is_free: true, is_active: true });
    expect(list(explore.body)[0].attributes.status).toBeUndefined();

    const other = await anonymous('/api/public/courses', 'other.example.ac.id');
    expect(list(other.body).map((course) => course.attributes.name)).toEqual(['Other campus']);
    expect((await anonymous('/api/public/courses?filter[secret][is]=1')).status).toBe(400);
    expect(publicCourse.id).toBeGreaterThan(0);
  });

  it('shows one catalogue course with its active modules; others are 404', async () => {
    const course = await h.course(1, null, { name: 'Open', isPublic: true });
    const hidden = await h.course(1, null, { name: 'Closed' });
    const foreign = await h.course(2, null, { name: 'Foreign', isPublic: true });
    await h.ds.getRepository(CourseModule).save([
      { courseId: course.id, tenantId: 1, index: 0, name: 'Week 1', isActive: true },
      { courseId: course.id, tenantId: 1, index: 1, name: 'Draft', isActive: false },
    ]);
    const detail = await anonymous(`/api/public/courses/${course.id}?include=modules,modules.activities`);
    expect(detail.status).toBe(200);
    expect(one(detail.body).attributes.name).toBe('Open');
    expect(detail.body.included?.map((item) => item.attributes.name)).toEqual(['Week 1']);
    expect((await anonymous(`/api/public/courses/${hidden.id}`)).status).toBe(404);
    expect((await anonymous(`/api/public/courses/${foreign.id}`)).status).toBe(404);
    expect((await anonymous(`/api/public/courses/${foreign.id}`, 'other.example.ac.id')).status).toBe(200);
  });

  it('records a view of a catalogue course', async () => {
    const course = await h.course(1, null, { name: 'Viewed', isFree: true });
    const hidden = await h.course(1, null, { name: 'Hidden' });
    const body = {
      courseId: course.id,
      campus: 'Universitas Demo',
      roles: ['student'],
      code: 'X1',
      name: 'Visitor',
      province: 'Jawa Barat',
      is_verify: true,
      ip_address: '1.2.3.4',
    };
    const headers = { 'x-forwarded-host': 'campus.example.ac.id' };
    const response = await h.api.post(`/api/public/view/course/${course.id}`, body, headers);
    expect(response.status).toBe(201);
    expect(one(response.body)).toMatchObject({ type: 'course_views', attributes: { course_id: course.id } });
    const rows = await h.ds.query(`SELECT * FROM course_views WHERE course_id = $1`, [course.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: 1,
      campus: 'Universitas Demo',
      roles: 'student',
      is_verify: true,
    });
    expect(rows[0].ip_address).not.toBe('1.2.3.4');
    expect((await h.api.post(`/api/public/view/course/${hidden.id}`, body, headers)).status).toBe(404);
    const bad = await h.api.post(`/api/public/view/course/${course.id}`, { is_verify: 'maybe' }, headers);
    expect(bad.status).toBe(422);
  });

  it('counts a visitor once per course and hour, and refuses an address that reports too often', async () => {
    const headers = { 'x-forwarded-host': 'campus.example.ac.id' };
    const courses = await Promise.all(
      Array.from({ length: VIEW_REPORTS_PER_MINUTE }, (_, i) =>
        h.course(1, null, { name: `Counted ${i}`, isFree: true }),
      ),
    );
    const first = await h.api.post(`/api/public/view/course/${courses[0].id}`, {}, headers);
    expect(first.status).toBe(201);
    const repeat = await h.api.post(`/api/public/view/course/${courses[0].id}`, {}, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ data: null, meta: { counted: false } });
    const counted = await h.ds.query(`SELECT count(*)::int AS n FROM course_views WHERE course_id = $1`, [
      courses[0].id,
    ]);
    expect(counted[0].n).toBe(1);

    const statuses: number[] = [];
    for (const course of courses.slice(1)) {
      statuses.push((await h.api.post(`/api/public/view/course/${course.id}`, {}, headers)).status);
    }
    const refused = statuses.filter((status) => status === 429).length;
    // The earlier test's reports from this address count in the same minute.
    expect(refused).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 201)).toBe(true);
    const limited = await h.api.post(`/api/public/view/course/${courses[0].id}`, {}, headers);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body.errors?.[0]).toMatchObject({ status: '429' });
  });

  it('lists the contents of public courses only, and lets anyone download their files', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const open = await h.course(1, lecturer.id, { name: 'Open contents', isPublic: true });
    const closed = await h.course(1, lecturer.id, { name: 'Closed contents', isFree: true });
    const asLecturer = await h.as(lecturer);
    for (const course of [open, closed]) {
      const created = await asLecturer.post('/api/course/contents', {
        contentable_type: 'courses',
        contentable_id: course.id,
        name: `Reading of ${course.name}`,
        type: 'link',
        content: 'https://example.org/reading',
      });
      expect(created.status).toBe(201);
    }
    const form = new FormData();
    form.append('contentable_type', 'courses');
    form.append('contentable_id', String(open.id));
    form.append('file', new Blob([Buffer.from('Public notes\n')], { type: 'text/plain' }), 'notes.txt');
    const uploaded = await fetch(`${h.baseUrl}/api/course/contents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.token(lecturer)}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;

    const contents = await anonymous(
      `/api/public/contents?filter[course_id][in]=${open.id},${closed.id}&page[limit]=0`,
    );
    expect(contents.status).toBe(200);
    expect(list(contents.body).map((content) => content.attributes.name)).toEqual([
      'Reading of Open contents',
      'notes.txt',
    ]);

    const download = await fetch(`${h.baseUrl}/api/public/contents/${fileId}/download`, {
      headers: { 'x-forwarded-host': 'campus.example.ac.id' },
      redirect: 'manual',
    });
    expect(download.status).toBe(302);
    const file = await fetch(h.baseUrl + download.headers.get('location'));
    expect(await file.text()).toBe('Public notes\n');
    const elsewhere = await fetch(`${h.baseUrl}/api/public/contents/${fileId}/download`, {
      headers: { 'x-forwarded-host': 'other.example.ac.id' },
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(404);
  });

  it('lists the faculties of the caller’s campus, 20 a page', async () => {
    const repository = h.ds.getRepository(Faculty);
    await repository.save(
      Array.from({ length: 22 }, (_, i) => ({
        tenantId: 1,
        name: `Faculty ${String(i).padStart(2, '0')}`,
        code: `F${i}`,
      })),
    );
    await repository.save({ tenantId: 2, name: 'Elsewhere', code: null });
    const user = await h.given.user(1, 'student');
    const asUser = await h.as(user);
    const page = await asUser.get('/api/course/faculties');
    expect(page.status).toBe(200);
    expect(list(page.body)).toHaveLength(20);
    expect(page.body.meta).toMatchObject({ total: 22 });
    expect(list(page.body)[0]).toMatchObject({
      type: 'faculties',
      attributes: { name: 'Faculty 00', code: 'F0' },
    });
    const search = await asUser.get('/api/course/faculties?filter[name][like]=Elsewhere');
    expect(list(search.body)).toHaveLength(0);
    expect((await h.api.get('/api/course/faculties')).status).toBe(401);
  });
});
