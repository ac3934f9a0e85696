import ExcelJS from 'exceljs';
import { ApiClient, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const resources = (body: { data?: unknown }) => body.data as JsonResource[];
const resource = (body: { data?: unknown }) => body.data as JsonResource;
const attributes = (values: Record<string, unknown>) => ({ data: { attributes: values } });

/**
 * Attendance through the gateway on the demo campus: the lecturer finds IF101-A's open meeting
 * and its code, a student checks in with it, the lecturer downloads the recap by its link and
 * sends the meeting, after which a check-in is refused.
 */
describe('presence through the gateway', () => {
  let platform: TestPlatform;
  const as = async (username: string) => {
    const login = await new ApiClient(platform.url)
      .at('localhost')
      .post('/api/user/auth/login', { username, password: 'lms-demo' });
    const token = resource(login.body).attributes.access_token as string;
    return new ApiClient(platform.url, { token }).at('localhost');
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform?.stop());

  it('takes attendance: open meeting, check-in with its code, recap download, sent for good', async () => {
    const lecturer = await as('lecturer');
    const classes = await lecturer.get('/api/course/presences/list');
    expect(classes.status).toBe(200);
    const ifA = resources(classes.body).find((item) => item.attributes.class_name === 'IF101-A')!;
    expect(ifA.attributes).toMatchObject({ role: 'lecturer', sessions: 4, sent: 3 });
    const { course_id: courseId, class_id: classId } = ifA.attributes;

    const sessions = await lecturer.get(
      `/api/course/presences?filter[course_id]=${courseId}&filter[class_id]=${classId}&sort=-start_at`,
    );
    const open = resources(sessions.body)[0];
    expect(open.attributes).toMatchObject({ act_code: 'P04', is_open: true, is_sent: false });
    const code = open.attributes.check_in_code as string;

    const student2 = await as('student2');
    const checkIn = await student2.post(`/api/presence/${open.id}/check-in`, attributes({ code }));
    expect(checkIn.status).toBe(200);
    expect(resource(checkIn.body).attributes.my_detail).toMatchObject({ type: 'attend', status: 1 });

    const recap = await lecturer.get(`/api/presence-export/recap/export/${courseId}/${classId}`);
    expect(recap.status).toBe(200);
    const file = await fetch(`${platform.url}${String(resource(recap.body).attributes.url)}`, {
      headers: { host: 'localhost' },
    });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const rows = (book.getWorksheet('Presence')!.getSheetValues() as ExcelJS.CellValue[][]).filter(Boolean);
    expect(rows[0].slice(1, 8)).toEqual(['No', 'Student number', 'Name', 'P01', 'P02', 'P03', 'P04']);
    // student2 (Dimas Saputra): present, sick, present in the past meetings, present now: 3 of 4
    const dimas = rows.find((row) => row[3] === 'Dimas Saputra')!;
    expect(dimas.slice(4, 10)).toEqual(['Present', 'Sick', 'Present', 'Present', 3, 75]);

    expect((await lecturer.patch(`/api/presence/${open.id}`, attributes({ is_sent: 1 }))).status).toBe(200);
    const late = await (await as('student3')).post(`/api/presence/${open.id}/check-in`, attributes({ code }));
    expect(late.status).toBe(409);
    expect(late.body.errors?.[0]).toMatchObject({ code: 'presence_sent' });
  });
});
