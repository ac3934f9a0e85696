import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { ApiClient, expectEventually, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const attributes = (doc: { data?: unknown }) => (doc.data as JsonResource).attributes;

/**
 * A users import that names classes, end to end: identity reads the file and resolves the class
 * names with what the course service published of its courses; the course service enrols the
 * student; the lecturer sees them among the course's students.
 */
describe('users import placing students in classes (identity → course, by event)', () => {
  let platform: TestPlatform;
  let api: ApiClient;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = new ApiClient(platform.url).at('localhost');
  });

  afterAll(async () => {
    await platform.stop();
  });

  async function signIn(username: string) {
    const login = await api.post('/api/user/auth/login', { username, password: 'lms-demo' });
    return attributes(login.body).access_token as string;
  }

  async function importUsers(token: string, campusId: number, csv: string, dryRun: boolean) {
    const boundary = `----lms${randomBytes(8).toString('hex')}`;
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const response = await request(
      `${platform.url}/api/admin/campuses/${campusId}/users/import${dryRun ? '?dry_run=true' : ''}`,
      {
        method: 'POST',
        headers: {
          host: 'localhost',
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      },
    );
    return { status: response.statusCode, body: (await response.body.json()) as { data?: unknown } };
  }

  it('enrols an imported student in the class the file names, which the lecturer then sees', async () => {
    const admin = await signIn('admin');
    const campusId = attributes((await api.get('/api/public/version?domain=localhost')).body)
      .lptk_id as number;
    const csv = 'name,role,nim,classes\r\nDewi Lestari,student,2609001,if101-a\r\n';

    const unknown = await importUsers(
      admin,
      campusId,
      'name,role,nim,classes\r\nDewi,student,2609001,ZZ-9\r\n',
      true,
    );
    expect(unknown.status).toBe(200);
    expect(attributes(unknown.body).rows).toEqual([
      expect.objectContaining({
        action: 'error',
        problems: [{ column: 'classes', reason: "no active course of the campus has a class named 'ZZ-9'" }],
      }),
    ]);

    const imported = await importUsers(admin, campusId, csv, false);
    expect(imported.status).toBe(200);
    expect(attributes(imported.body).counts).toMatchObject({ create: 1, error: 0 });

    const lecturer = api.as(await signIn('lecturer'));
    const courses = (await lecturer.get('/api/course/courses')).body.data as JsonResource[];
    const if101 = courses.find((course) => course.attributes.code === 'IF101')!;
    await expectEventually(async () => {
      const students = await lecturer.get(`/api/course/courses/${if101.id}/students?filter[name][like]=Dewi`);
      expect((students.body.data as JsonResource[]).map((student) => student.attributes.name)).toEqual([
        'Dewi Lestari',
      ]);
    });

    // once identity has heard of the enrolment, importing the same file again changes nothing
    await expectEventually(async () => {
      const dryRun = await importUsers(admin, campusId, csv, true);
      expect(attributes(dryRun.body).counts).toMatchObject({ unchanged: 1 });
    });
  });
});
