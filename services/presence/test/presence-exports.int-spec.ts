import ExcelJS from 'exceljs';
import type { ApiClient, JsonDocument, JsonResource } from '@lms/testing';
import { body, one, PresenceHarness } from './support/harness';

/** The recap of a class and the export of one session, as .xlsx behind a short-lived link. */
describe('presence exports', () => {
  const h = new PresenceHarness();
  let c: Awaited<ReturnType<PresenceHarness['classroom']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.classroom();
  });
  afterAll(() => h.stop());

  async function session(day: number, actCode: string | null): Promise<JsonResource> {
    const response = await c.asLecturer.post(
      '/api/course/presences',
      body({
        course_id: c.course.id,
        class_id: c.classA,
        act_code: actCode,
        start_at: `2026-03-0${day} 08:00:00`,
        end_at: `2026-03-0${day} 09:40:00`,
      }),
    );
    expect(response.status).toBe(201);
    return one(response.body);
  }
  const mark = (id: string, userId: number, type: string) =>
    c.asLecturer.send<JsonDocument>(
      'PUT',
      `/api/course/presences/${id}/manual`,
      body({ action: 'update', user_id: userId, type }),
    );

  /** The workbook behind an export answer's link, its first sheet as rows of values. */
  async function download(as: ApiClient, path: string) {
    const response = await as.get(path);
    expect(response.status).toBe(200);
    const link = one(response.body);
    expect(link).toMatchObject({
      type: 'presence-exports',
      attributes: { filename: expect.stringMatching(/\.xlsx$/) },
    });
    const file = await fetch(`${h.baseUrl}${String(link.attributes.url)}`);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const rows = book.getWorksheet('Presence')!.getSheetValues() as ExcelJS.CellValue[][];
    return rows.filter(Boolean).map((row) => row.slice(1));
  }

  it('recaps a class: a row per student, a column per session, totals and percentages per type (worked example)', async () => {
    // four sessions (the third without an act code: its start names it); Ani: present, present, sick, unmarked; Budi: present in all four
    const sessions = [
      await session(2, 'P01'),
      await session(3, 'P02'),
      await session(4, null),
      await session(5, 'P04'),
    ];
    const ani: Array<string | null> = ['attend', 'attend', 'sick', null];
    for (const [n, item] of sessions.entries()) {
      if (ani[n]) await mark(item.id, c.student.id, ani[n]!);
      await mark(item.id, c.deskmate.id, 'attend');
    }
    const rows = await download(
      c.asAssistant,
      `/api/presence-export/recap/export/${c.course.id}/${c.classA}`,
    );
    expect(rows[0]).toEqual([
      'No',
      'Student number',
      'Name',
      'P01',
      'P02',
      '2026-03-04 08:00',
      'P04',
      'Present',
      'Present %',
      'Sick',
      'Sick %',
      'Absent',
      'Absent %',
      'Leave',
      'Leave %',
      'Other',
      'Other %',
    ]);
    // Ani: 2 of 4 present = 50 %, 1 of 4 sick = 25 %
    expect(rows[1]).toEqual([
      1,
      '2301001',
      'Ani',
      'Present',
      'Present',
      'Sick',
      undefined,
      2,
      50,
      1,
      25,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(rows[2]).toEqual([
      2,
      '2301002',
      'Budi',
      'Present',
      'Present',
      'Present',
      'Present',
      4,
      100,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    // present per session
    expect(rows[3]).toEqual([undefined, undefined, 'Present', 2, 2, 1, 1]);
  });

  it('exports one session with the spec’s labels', async () => {
    const created = await session(6, 'P05');
    await mark(created.id, c.student.id, 'leave');
    const rows = await download(c.asLecturer, `/api/presence-export/export/${created.id}`);
    expect(rows.slice(0, 3).map((row) => row.slice(0, 6))).toEqual([
      ['No', 'Student number', 'Name', 'P05', 'Present', 'Present %'],
      [1, '2301001', 'Ani', 'Leave', 0, 0],
      [2, '2301002', 'Budi', undefined, 0, 0], // unmarked: an empty cell
    ]);
    expect(rows[1].slice(10, 12)).toEqual([1, 100]); // Leave, Leave %
  });

  it('is for the course’s staff: 403 for students, 404 for others, other campuses and classes of another course', async () => {
    const created = await session(7, 'P06');
    const recap = `/api/presence-export/recap/export/${c.course.id}/${c.classA}`;
    expect((await c.asStudent.get(recap)).status).toBe(403);
    expect((await c.asStudent.get(`/api/presence-export/export/${created.id}`)).status).toBe(403);
    for (const outsider of [c.asStranger, c.asElsewhere]) {
      expect((await outsider.get(recap)).status).toBe(404);
      expect((await outsider.get(`/api/presence-export/export/${created.id}`)).status).toBe(404);
    }
    expect(
      (await c.asLecturer.get(`/api/presence-export/recap/export/${c.course.id}/${h.nextId()}`)).status,
    ).toBe(404);
  });

  it('answers the spec’s texts for ids that are not ids', async () => {
    const texts: Array<[string, string]> = [
      [`/api/presence-export/recap/export/x/${c.classA}`, 'Course ID is required'],
      [`/api/presence-export/recap/export/${c.course.id}/0`, 'Class ID is required'],
      ['/api/presence-export/export/abc', 'Presence ID is required'],
    ];
    for (const [path, detail] of texts) {
      const response = await c.asLecturer.get(path);
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]).toMatchObject({ detail });
    }
  });
});
