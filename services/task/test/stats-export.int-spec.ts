import ExcelJS from 'exceljs';
import { request } from 'undici';
import { type JsonResource, ServiceHarness } from '@lms/testing';
import { memberScoreSql } from '../src/grading/member-scores';
import { FAILED_FILL, PASSED_FILL } from '../src/grading/scores-workbook';
import { memberScore } from '../src/grading/scoring';
import { taskService } from '../src/service';
import { GradingFixtures } from './support/grading-fixtures';

const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/**
 * `GET /stats/task/{id}` and `GET /course/scores/tasks` on PostgreSQL: counts per student the
 * task is for, scores (member scores for group tasks) and their distribution; the workbook
 * opened and read cell by cell.
 */
describe('task statistics and scores export', () => {
  const h = new ServiceHarness(taskService);
  const f = new GradingFixtures(h);
  let c: Awaited<ReturnType<GradingFixtures['course']>>;
  let essay: number;
  let project: number;
  let classBOnly: number;
  beforeAll(async () => {
    await h.start();
    c = await f.course();
    // Essay (personal, pass 60): Ana 95 sent, Budi 55 sent late, Citra a draft, Dodi nothing
    essay = await f.task(c, { name: 'Essay', passingGrade: 60, endAt: new Date('2026-03-01T10:00:00Z') });
    await f.answer(1, essay, { studentId: c.student.id }, { score: 95 });
    await f.answer(1, essay, { studentId: c.classmate.id }, { isLate: true, score: 55 });
    await f.answer(1, essay, { studentId: c.third.id }, { isSent: false });
    // Project (group, 70/30, pass 80): Team 1 = Ana, Budi (scored 84); Team 2 = Citra (sent, unscored); Dodi in none
    project = await f.task(c, {
      name: 'Project',
      taskType: 'GROUP',
      lecturerPercentage: 70,
      studentPercentage: 30,
      passingGrade: 80,
      endAt: new Date('2026-04-01T10:00:00Z'),
    });
    const team1 = await f.group(1, project, 'Team 1', [c.student.id, c.classmate.id]);
    const team2 = await f.group(1, project, 'Team 2', [c.third.id]);
    const answer1 = await f.answer(1, project, { groupId: team1, by: c.student.id }, { score: 84 });
    await f.answer(1, project, { groupId: team2, by: c.third.id });
    // Budi rated Ana 50: 70 % × 84 + 30 % × 50 = 73.8; Ana gave Budi nothing: 84
    await h.ds.query(
      `INSERT INTO group_assessments (tenant_id, answer_id, student_id, assessor_id, rubrics, score)
       VALUES (1, $1, $2, $3, '[]', 50)`,
      [answer1, c.student.id, c.classmate.id],
    );
    // Lab (personal, class B only): Dodi 40
    classBOnly = await f.task(c, {
      name: 'Lab',
      allClass: false,
      classIds: [c.classB],
      passingGrade: 50,
      endAt: new Date('2026-05-01T10:00:00Z'),
    });
    await f.answer(1, classBOnly, { studentId: c.fourth.id }, { score: 40 });
  });
  afterAll(() => h.stop());

  describe('statistics', () => {
    it('counts a personal task’s students by the state of their answer, and summarises the scores', async () => {
      const response = await c.asLecturer.get(`/api/stats/task/${essay}`);
      expect(response.status).toBe(200);
      const bins = Array.from({ length: 10 }, (_, n) => ({ from: n * 10, to: n * 10 + 10, count: 0 }));
      bins[5].count = 1;
      bins[9].count = 1;
      expect(one(response.body)).toMatchObject({
        type: 'task-statistics',
        id: String(essay),
        attributes: {
          task_id: essay,
          tasks_type: 'PERSONAL',
          passing_grade: 60,
          students: 4,
          sent: 2,
          late: 1,
          draft: 1,
          not_started: 1,
          scored: 2,
          average: 75,
          median: 75,
          min: 55,
          max: 95,
          passed: 1,
          pass_rate: 50,
          histogram: bins,
          groups: null,
          groups_sent: null,
        },
      });
    });

    it('counts a group task per student through their group and summarises member scores', async () => {
      const response = await c.asAssistant.get(`/api/stats/task/${project}`);
      expect(response.status).toBe(200);
      expect(one(response.body).attributes).toMatchObject({
        tasks_type: 'GROUP',
        students: 4,
        sent: 3,
        late: 0,
        draft: 0,
        not_started: 1,
        scored: 2,
        average: 78.9,
        median: 78.9,
        min: 73.8,
        max: 84,
        passed: 1,
        groups: 2,
        groups_sent: 2,
      });
    });

    it('counts only the students of the classes a task is for', async () => {
      const response = await c.asLecturer.get(`/api/stats/task/${classBOnly}`);
      expect(one(response.body).attributes).toMatchObject({ students: 1, sent: 1, scored: 1, passed: 0 });
    });

    it('is for the course’s staff only', async () => {
      expect((await c.asStudent.get(`/api/stats/task/${essay}`)).status).toBe(403);
      expect((await c.asStranger.get(`/api/stats/task/${essay}`)).status).toBe(403);
      expect((await c.asElsewhere.get(`/api/stats/task/${essay}`)).status).toBe(404);
      expect((await c.asLecturer.get(`/api/stats/task/999999`)).status).toBe(404);
    });

    it('computes a member score in SQL exactly as memberScore() does', async () => {
      const cases: Array<[number | null, number | null, number | null, number | null]> = [
        [84, 75, 70, 30],
        [84, null, 70, 30],
        [null, 75, 70, 30],
        [84, 40, null, null],
        [66.67, 33.33, 60, 40],
        [84, 62.5, 0, 100],
        [77.77, 88.88, 55.5, 44.5],
      ];
      for (const [g, m, lp, sp] of cases) {
        const [row]: Array<{ score: string | null }> = await h.ds.query(
          `SELECT ${memberScoreSql('$1::numeric', '$2::numeric', '$3::numeric', '$4::numeric')} AS score`,
          [g, m, lp, sp],
        );
        const expected = memberScore({
          groupScore: g,
          peerMean: m,
          lecturerPercentage: lp,
          studentPercentage: sp,
        });
        expect([g, m, lp, sp, row.score === null ? null : Number(row.score)]).toEqual([
          g,
          m,
          lp,
          sp,
          expected,
        ]);
      }
    });
  });

  describe('member scores where the task service shows answers', () => {
    it('gives each member of a scored group their member score on /students, and to themselves with show_score', async () => {
      const students = await c.asLecturer.get(`/api/course/tasks/${project}/students?page[limit]=0`);
      expect(students.status).toBe(200);
      const scoreOf = (id: number) =>
        (students.body.data as JsonResource[])
          .map(
            (row) => row.attributes as { student: { id: number }; answer: { score: number | null } | null },
          )
          .find((row) => row.student.id === id)?.answer?.score;
      expect([c.student.id, c.classmate.id, c.third.id].map(scoreOf)).toEqual([73.8, 84, null]);
      expect(scoreOf(c.fourth.id)).toBeUndefined();

      await h.ds.query(`UPDATE tasks SET show_score = true WHERE id = $1`, [project]);
      try {
        const mine = one((await c.asStudent.get(`/api/course/tasks/${project}`)).body);
        expect(mine.attributes.meta).toMatchObject({ my_answer: { score: 73.8 } });
        const theirs = one((await c.asClassmate.get(`/api/course/tasks/${project}`)).body);
        expect(theirs.attributes.meta).toMatchObject({ my_answer: { score: 84 } });
      } finally {
        await h.ds.query(`UPDATE tasks SET show_score = false WHERE id = $1`, [project]);
      }
    });
  });

  describe('the scores workbook', () => {
    async function download(path: string, user = c.lecturer) {
      const response = await request(`${h.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${await h.token(user)}` },
      });
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return { status: response.statusCode, headers: response.headers, bytes };
    }
    const values = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);
    const fillOf = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;

    it('has a row per student and a column per task, member scores for the group task, passes marked', async () => {
      const file = await download(`/api/course/scores/tasks?filter[course_id]=${c.course.id}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="scores-C\d+\.xlsx"/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Scores')!;
      expect(values(sheet.getRow(1))).toEqual([
        'Student number',
        'Name',
        'Class',
        'Essay (pass ≥ 60)',
        'Project (pass ≥ 80)',
        'Lab (pass ≥ 50)',
        'Tasks passed',
      ]);
      expect(values(sheet.getRow(2))).toEqual(['2201', 'Ana Lestari', 'A', 95, 73.8, undefined, 1]);
      expect(values(sheet.getRow(3))).toEqual(['2202', 'Budi Santoso', 'A', 55, 84, undefined, 1]);
      expect(values(sheet.getRow(4))).toEqual([
        '2203',
        'Citra Dewi',
        'A',
        undefined,
        undefined,
        undefined,
        0,
      ]);
      expect(values(sheet.getRow(5))).toEqual(['2204', 'Dodi Pratama', 'B', undefined, undefined, 40, 0]);
      expect(sheet.rowCount).toBe(5);
      expect(fillOf(sheet.getCell('D2'))).toBe(PASSED_FILL);
      expect(fillOf(sheet.getCell('E2'))).toBe(FAILED_FILL);
      expect(fillOf(sheet.getCell('D3'))).toBe(FAILED_FILL);
      expect(fillOf(sheet.getCell('E3'))).toBe(PASSED_FILL);
      expect(fillOf(sheet.getCell('F5'))).toBe(FAILED_FILL);
      expect(fillOf(sheet.getCell('D4'))).toBeUndefined();
      const tasks = book.getWorksheet('Tasks')!;
      expect(values(tasks.getRow(2))).toEqual(['Essay', 'PERSONAL', '2026-03-01 17:00:00', 60]);
      expect(values(tasks.getRow(3))[0]).toBe('Project');
    });

    it('details one task: group, state, when sent, group score and peer rating', async () => {
      const file = await download(`/api/course/scores/tasks?filter[task_id]=${project}`);
      expect(file.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Scores')!;
      expect(values(sheet.getRow(1))).toEqual([
        'Student number',
        'Name',
        'Class',
        'Group',
        'State',
        'Sent at',
        'Group score',
        'Peer rating',
        'Project (pass ≥ 80)',
        'Tasks passed',
      ]);
      const ana = values(sheet.getRow(2));
      expect(ana.slice(0, 5)).toEqual(['2201', 'Ana Lestari', 'A', 'Team 1', 'sent']);
      expect(ana[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(ana.slice(6)).toEqual([84, 50, 73.8, 0]);
      expect(values(sheet.getRow(4)).slice(3, 5)).toEqual(['Team 2', 'sent']);
      expect(values(sheet.getRow(5)).slice(3, 9)).toEqual([
        undefined,
        'not started',
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    });

    it('is for the course’s staff only, and needs a course or a task', async () => {
      const path = `/api/course/scores/tasks?filter[course_id]=${c.course.id}`;
      expect((await download(path, c.student)).status).toBe(403);
      expect((await download(path, c.stranger)).status).toBe(403);
      expect((await download(path, c.elsewhere)).status).toBe(404);
      expect((await download('/api/course/scores/tasks')).status).toBe(400);
      expect((await download(`/api/course/scores/tasks?filter[course_id]=abc`)).status).toBe(400);
    });
  });
});
