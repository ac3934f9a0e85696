import { DataSource } from 'typeorm';
import { BLOB_STORAGE, seedCourseDemo } from '@lms/course';
import { seedIdentityDemo } from '@lms/identity';
import { ApiClient, expectEventually, fileForm, type JsonResource, TINY_PNG } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const resource = (doc: { data?: unknown }) => doc.data as JsonResource;
const list = (doc: { data?: unknown }) => doc.data as JsonResource[];

describe('campuses, users and courses through the gateway', () => {
  let platform: TestPlatform;
  let campusA: ApiClient;
  let campusB: ApiClient;
  const tokens: Record<string, string> = {};

  async function signIn(client: ApiClient, username: string, password: string) {
    const response = await client.post('/api/user/auth/login', { username, password });
    expect(response.status).toBe(200);
    return resource(response.body).attributes.access_token as string;
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    campusA = new ApiClient(platform.url).at('localhost');
    campusB = new ApiClient(platform.url).at('campus-b.test');
    const { tenantId } = await seedIdentityDemo(platform.services.identity.get(DataSource), {
      domain: 'campus-b.test',
      password: 'other-pass',
    });
    const course = platform.services.course;
    await expectEventually(() => seedCourseDemo(course.get(DataSource), course.get(BLOB_STORAGE), tenantId));
    for (const name of ['student1', 'student2', 'lecturer', 'assistant', 'admin']) {
      tokens[name] = await signIn(campusA, name, 'lms-demo');
    }
    tokens.studentB = await signIn(campusB, 'student1', 'other-pass');
  });

  afterAll(async () => {
    await platform.stop();
  });

  describe('site info', () => {
    it('finds the campus by host name, publicly', async () => {
      const response = await campusA.get('/api/public/lptk?filter[domain][like]=localhost');
      expect(response.status).toBe(200);
      expect(list(response.body)).toHaveLength(1);
      expect(list(response.body)[0].attributes).toMatchObject({
        name: 'Universitas Demo',
        domain: 'localhost',
        whatsapp: [{ label: 'Academic office', number: '+6281234567890' }],
      });
      expect(response.body.meta).toMatchObject({ total: 1 });
    });

    it('answers the version for a known domain and 404 for an unknown one', async () => {
      const known = await campusA.get('/api/public/version?domain=campus-b.test');
      expect(known.status).toBe(200);
      expect(resource(known.body).attributes).toMatchObject({
        domain: 'campus-b.test',
        version: expect.any(String),
      });
      expect((await campusA.get('/api/public/version?domain=nowhere.test')).status).toBe(404);
    });

    it('names the parameter of a filter it does not allow', async () => {
      const response = await campusA.get('/api/public/lptk?filter[tawk_src][is]=x');
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0].source?.parameter).toBe('filter[tawk_src][is]');
    });
  });

  describe('courses', () => {
    it("lists a student's courses with their lecturer, and the student's role as status", async () => {
      const response = await campusA
        .as(tokens.student1)
        .get('/api/course/courses?include=lecturer,modules&page[limit]=9');
      expect(response.status).toBe(200);
      const [course] = list(response.body);
      expect(course.attributes).toMatchObject({
        name: 'Algorithms and Programming',
        code: 'IF101',
        status: 'STUDENT',
      });
      expect(response.body.meta).toMatchObject({ total: 1, limit: 9, offset: 0 });
      const lecturer = response.body.included?.find((item) => item.type === 'lecturers');
      expect(lecturer?.attributes).toMatchObject({ name: 'Dr. Ratna Wijaya' });
      expect(response.body.included?.filter((item) => item.type === 'modules')).toHaveLength(4);
    });

    it('shows the lecturer and the assistant their course with their own role', async () => {
      const asLecturer = await campusA.as(tokens.lecturer).get('/api/course/courses');
      const asAssistant = await campusA.as(tokens.assistant).get('/api/course/courses');
      expect(list(asLecturer.body).map((c) => c.attributes.status)).toEqual(['LECTURER']);
      expect(list(asAssistant.body).map((c) => c.attributes.status)).toEqual(['ASSISTANT']);
    });

    it('reads one course with modules, activities, lecturer.user, assistant and class', async () => {
      const [course] = list((await campusA.as(tokens.student2).get('/api/course/courses')).body);
      const response = await campusA
        .as(tokens.student2)
        .get(
          `/api/course/courses/${course.id}?include=modules,modules.activities,lecturer,lecturer.user,assistant,class`,
        );
      expect(response.status).toBe(200);
      const types = (response.body.included ?? []).map((item) => item.type);
      expect(types.filter((type) => type === 'modules')).toHaveLength(4);
      expect(types.filter((type) => type === 'activities')).toHaveLength(8);
      expect(types).toEqual(expect.arrayContaining(['lecturers', 'users', 'assistants', 'classes']));
      const modules = resource(response.body).relationships?.modules.data as Array<{ id: string }>;
      const first = response.body.included?.find(
        (item) => item.type === 'modules' && item.id === modules[0].id,
      );
      expect(first?.attributes).toMatchObject({ index: 0, name: 'Introduction to Algorithms' });
    });

    it("hides another campus's course as if it did not exist", async () => {
      const [courseA] = list((await campusA.as(tokens.student1).get('/api/course/courses')).body);
      const [courseB] = list((await campusB.as(tokens.studentB).get('/api/course/courses')).body);
      expect(courseB.id).not.toBe(courseA.id);
      const response = await campusB.as(tokens.studentB).get(`/api/course/courses/${courseA.id}`);
      expect(response.status).toBe(404);
      expect(response.body.errors?.[0]).toMatchObject({ status: '404' });
    });

    it('refuses an include or sort it does not know with a 400 naming the parameter', async () => {
      const include = await campusA.as(tokens.student1).get('/api/course/courses?include=answers');
      expect(include.status).toBe(400);
      expect(include.body.errors?.[0].source?.parameter).toBe('include');
      const sort = await campusA.as(tokens.student1).get('/api/course/courses?sort=password');
      expect(sort.status).toBe(400);
      expect(sort.body.errors?.[0].source?.parameter).toBe('sort');
    });
  });

  describe('users', () => {
    it("lets a user change their own avatar, shown on their campus, and the change reaches the course service's projection", async () => {
      const me = resource((await campusA.as(tokens.lecturer).get('/api/login/me')).body);
      const response = await campusA
        .as(tokens.lecturer)
        .post(`/api/course/users/${me.id}/avatar`, fileForm(TINY_PNG, 'ratna.png'));
      expect(response.status).toBe(200);
      const thumbnail = String(resource(response.body).attributes.thumbnail);
      expect(thumbnail).toMatch(new RegExp(`^/api/course/users/${me.id}/avatar/[0-9a-f-]{36}$`));
      const shown = await campusA.get(thumbnail);
      expect(shown.status).toBe(200);
      expect(shown.headers['content-type']).toBe('image/webp');
      expect((await campusB.get(thumbnail)).status).toBe(404);

      await expectEventually(async () => {
        const courses = await campusA.as(tokens.student1).get('/api/course/courses?include=lecturer');
        const lecturer = courses.body.included?.find((item) => item.type === 'lecturers');
        expect(lecturer?.attributes.thumbnail).toBe(thumbnail);
      });
    });

    it("refuses changes to someone else's profile (403) and to any other field (422)", async () => {
      const student = resource((await campusA.as(tokens.student1).get('/api/login/me')).body);
      const other = await campusA
        .as(tokens.student2)
        .patch(`/api/course/users/${student.id}`, { thumbnail: null });
      expect(other.status).toBe(403);
      const name = await campusA
        .as(tokens.student1)
        .patch(`/api/course/users/${student.id}`, { name: 'Someone Else' });
      expect(name.status).toBe(422);
      expect(name.body.errors?.[0].source?.pointer).toBe('/data/attributes/name');
      const unchanged = resource((await campusA.as(tokens.student1).get('/api/login/me')).body);
      expect(unchanged.attributes.name).toBe('Ayu Lestari');
    });

    it('lists the users of the campus only, with filters', async () => {
      const response = await expectEventually(async () => {
        const students = await campusA
          .as(tokens.lecturer)
          .get('/api/course/users?filter[level][is]=student&sort=name');
        expect(students.status).toBe(200);
        expect(list(students.body).map((user) => user.attributes.username)).toEqual([
          'student1',
          'student2',
          'student3',
        ]);
        return students;
      });
      expect(response.body.meta).toMatchObject({ total: 3 });
      const userB = resource((await campusB.as(tokens.studentB).get('/api/login/me')).body);
      expect((await campusA.as(tokens.lecturer).get(`/api/course/users/${userB.id}`)).status).toBe(404);
    });

    it('shows a student the people of their course by name and avatar, themselves in full, nobody else', async () => {
      const me = resource((await campusA.as(tokens.student1).get('/api/login/me')).body);
      const admin = resource((await campusA.as(tokens.admin).get('/api/login/me')).body);
      // The course service's members reach identity as events.
      const listed = await expectEventually(async () => {
        const response = await campusA.as(tokens.student1).get('/api/course/users?sort=name&page[limit]=0');
        expect(list(response.body).map((user) => user.attributes.name)).toEqual([
          'Ayu Lestari',
          'Bima Pratama, M.Kom.',
          'Dimas Saputra',
          'Dr. Ratna Wijaya',
          'Putri Maharani',
        ]);
        return list(response.body);
      });
      for (const user of listed) {
        if (user.id === String(me.id)) {
          expect(user.attributes).toMatchObject({ nim: '2301001', email: 'student1@demo.ac.id' });
          continue;
        }
        for (const hidden of ['email', 'nim', 'nidn', 'last_online', 'username'])
          expect(user.attributes).not.toHaveProperty(hidden);
      }
      const lecturer = listed.find((user) => user.attributes.name === 'Dr. Ratna Wijaya')!;
      const profile = await campusA.as(tokens.student1).get(`/api/course/users/${lecturer.id}`);
      expect(profile.status).toBe(200);
      expect(resource(profile.body).attributes).not.toHaveProperty('email');
      expect((await campusA.as(tokens.student1).get(`/api/course/users/${admin.id}`)).status).toBe(404);
    });

    it('shows a lecturer the details of their students', async () => {
      const student = resource((await campusA.as(tokens.student2).get('/api/login/me')).body);
      const seen = await expectEventually(async () => {
        const response = await campusA.as(tokens.lecturer).get(`/api/course/users/${student.id}`);
        expect(response.status).toBe(200);
        return resource(response.body);
      });
      expect(seen.attributes).toMatchObject({ nim: '2301002', email: 'student2@demo.ac.id' });
      expect(seen.attributes).not.toHaveProperty('notification_email');
    });

    it('records the presence ping and shows it in the statistics', async () => {
      const ping = await campusA.as(tokens.student2).post('/api/course/online');
      expect(ping.status).toBe(200);
      const me = resource(ping.body);
      expect(me.attributes.last_online).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const stats = await campusA.as(tokens.lecturer).get(`/api/stats/user/${me.id}`);
      expect(stats.status).toBe(200);
      expect(resource(stats.body).attributes).toMatchObject({
        login_count: 1,
        last_online: me.attributes.last_online,
      });
      const lecturer = resource((await campusA.as(tokens.lecturer).get('/api/login/me')).body);
      expect((await campusA.as(tokens.student2).get(`/api/stats/user/${lecturer.id}`)).status).toBe(403);
    });
  });
});
