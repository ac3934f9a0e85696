import { Form } from '../src/forms/form.entity';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { CourseHarness, cast, list } from './support/harness';

/**
 * `GET /course/agenda?month=YYYY-MM | ?date=YYYY-MM-DD`: what opens and closes in the caller's
 * courses, by the campus's calendar (the test campus is in Asia/Jakarta, UTC+7).
 */
describe('GET /course/agenda', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const module = (courseId: number, overrides: Partial<CourseModule>) =>
    h.ds.getRepository(CourseModule).save({ courseId, name: 'Module', isActive: true, ...overrides });
  const activity = (moduleId: number, overrides: Partial<Activity>) =>
    h.ds.getRepository(Activity).save({ moduleId, name: 'Activity', isActive: true, ...overrides });
  const entries = (document: { data?: unknown }) =>
    list(document).map((item) => `${item.attributes.name} ${item.attributes.event} ${item.attributes.at}`);

  it('places items by the campus’s day: a month starts and ends at midnight there', async () => {
    const c = await cast(h);
    // 2026-01-31 17:30 UTC is 1 February 00:30 in Jakarta; 28 February 17:00 UTC is 1 March 00:00.
    await module(c.course.id, {
      name: 'Week 1',
      startAt: new Date('2026-01-31T17:30:00Z'),
      endAt: new Date('2026-02-28T16:59:59Z'),
    });
    await module(c.course.id, { name: 'Week 5', startAt: new Date('2026-02-28T17:00:00Z'), endAt: null });
    await module(c.course.id, { name: 'Late January', startAt: new Date('2026-01-31T16:59:59Z') });

    const february = await c.asStudent.get('/api/course/agenda?month=2026-02');
    expect(february.status).toBe(200);
    expect(entries(february.body)).toEqual([
      'Week 1 opens 2026-02-01 00:30:00',
      'Week 1 closes 2026-02-28 23:59:59',
    ]);
    expect(february.body.meta).toEqual({ total: 2 });
    expect(list(february.body)[0]).toMatchObject({
      type: 'agendas',
      attributes: {
        item_type: 'module',
        course_id: c.course.id,
        course_name: 'Databases',
        course_code: 'DB1',
        start_at: '2026-02-01 00:30:00',
        end_at: '2026-02-28 23:59:59',
      },
    });
    expect(entries((await c.asStudent.get('/api/course/agenda?month=2026-01')).body)).toEqual([
      'Late January opens 2026-01-31 23:59:59',
    ]);
    expect(entries((await c.asLecturer.get('/api/course/agenda?month=2026-03')).body)).toEqual([
      'Week 5 opens 2026-03-01 00:00:00',
    ]);
    expect(entries((await c.asStudent.get('/api/course/agenda?date=2026-02-28')).body)).toEqual([
      'Week 1 closes 2026-02-28 23:59:59',
    ]);
    expect(entries((await c.asStudent.get('/api/course/agenda?date=2026-03-01')).body)).toEqual([
      'Week 5 opens 2026-03-01 00:00:00',
    ]);
    // December's month rolls over to January.
    await module(c.course.id, { name: 'New year', startAt: new Date('2026-12-31T16:59:00Z') });
    expect(entries((await c.asStudent.get('/api/course/agenda?month=2026-12')).body)).toEqual([
      'New year opens 2026-12-31 23:59:00',
    ]);
  });

  it('shows students only what is shown of their courses; staff all of theirs; others nothing', async () => {
    const c = await cast(h);
    const startAt = new Date('2026-04-10T03:00:00Z');
    const shown = await module(c.course.id, { name: 'Shown', startAt });
    await module(c.course.id, { name: 'Hidden module', isActive: false, startAt });
    await module(c.course.id, { name: 'Archived', startAt, deletedAt: new Date() });
    await activity(Number(shown.id), { name: 'Lab', startAt });
    await activity(Number(shown.id), { name: 'Draft lab', isActive: false, startAt });
    const month = '/api/course/agenda?month=2026-04';

    expect(
      entries((await c.asStudent.get(month)).body)
        .map((entry) => entry.split(' opens')[0])
        .sort(),
    ).toEqual(['Lab', 'Shown']);
    for (const staff of [c.asLecturer, c.asAssistant])
      expect(
        entries((await staff.get(month)).body)
          .map((entry) => entry.split(' opens')[0])
          .sort(),
      ).toEqual(['Draft lab', 'Hidden module', 'Lab', 'Shown']);
    for (const other of [c.asStranger, c.asOutsider]) {
      const response = await other.get(month);
      expect(response.status).toBe(200);
      expect(list(response.body)).toEqual([]);
    }
  });

  it('shows students the published exams and active tasks of their classes; staff all but the deleted', async () => {
    const c = await cast(h);
    const other = await h.courseClass(1, c.course.id, 'B');
    const window = { startAt: '2026-05-04T02:00:00.000Z', endAt: '2026-05-04T03:00:00.000Z' };
    const exam = (name: string, overrides: Record<string, unknown> = {}) =>
      h.project('exam.exam.upserted', 1, {
        courseId: c.course.id,
        name,
        isPublished: true,
        classIds: [],
        ...window,
        ...overrides,
      });
    const task = (name: string, overrides: Record<string, unknown> = {}) =>
      h.project('task.task.upserted', 1, {
        courseId: c.course.id,
        name,
        isActive: true,
        allClass: true,
        classIds: [],
        deleted: false,
        ...window,
        ...overrides,
      });
    await exam('Quiz');
    await exam('Draft quiz', { isPublished: false });
    await exam('Class B quiz', { classIds: [other.id] });
    await exam('My class quiz', { classIds: [c.courseClass.id] });
    const gone = await exam('Deleted quiz');
    await h.publish('exam.exam.deleted', 1, { id: gone.id, courseId: c.course.id });
    await task('Essay');
    await task('Inactive essay', { isActive: false });
    await task('Class B essay', { allClass: false, classIds: [other.id] });
    await task('Deleted essay', { deleted: true });
    const day = '/api/course/agenda?date=2026-05-04';
    const seen = async (client: typeof c.asStudent) =>
      list((await client.get(day)).body)
        .filter((item) => item.attributes.event === 'opens')
        .map((item) => `${item.attributes.item_type} ${item.attributes.name}`)
        .sort();

    expect(await seen(c.asStudent)).toEqual(['exam My class quiz', 'exam Quiz', 'task Essay']);
    expect(await seen(c.asLecturer)).toEqual([
      'exam Class B quiz',
      'exam Draft quiz',
      'exam My class quiz',
      'exam Quiz',
      'task Class B essay',
      'task Essay',
      'task Inactive essay',
    ]);
    expect(await seen(c.asOutsider)).toEqual([]);
    // An exam opening and closing the same day is two entries: 09:00 and 10:00 in Jakarta.
    const quiz = list((await c.asStudent.get(day)).body).filter((item) => item.attributes.name === 'Quiz');
    expect(quiz.map((item) => [item.id.split('-').at(-1), item.attributes.at])).toEqual([
      ['opens', '2026-05-04 09:00:00'],
      ['closes', '2026-05-04 10:00:00'],
    ]);
  });

  it('shows students the forms of their courses open to them; staff every form of their courses', async () => {
    const c = await cast(h);
    const shown = await module(c.course.id, { name: 'Week 1' });
    const lab = await activity(Number(shown.id), { name: 'Lab' });
    const draft = await activity(Number(shown.id), { name: 'Draft lab', isActive: false });
    const hidden = await module(c.course.id, { name: 'Hidden', isActive: false });
    const form = (
      courseId: number,
      formable: { id: number | string },
      title: string,
      overrides: Partial<Form> = {},
    ) =>
      h.ds.getRepository(Form).save({
        tenantId: 1,
        courseId,
        formableType: 'activities',
        formableId: Number(formable.id),
        title,
        type: 'daily',
        startAt: new Date('2026-06-01T01:00:00Z'),
        endAt: new Date('2026-06-30T10:00:00Z'),
        lists: [],
        ...overrides,
      } as Form);
    await form(c.course.id, lab, 'Lab logbook');
    await form(c.course.id, shown, 'Module logbook', {
      formableType: 'modules',
      type: 'monthly',
      month: '2026-06',
    });
    await form(c.course.id, draft, 'Draft logbook');
    await form(c.course.id, hidden, 'Hidden logbook', { formableType: 'modules' });
    // Open to students only from its start: a form of the far future is not on their agenda.
    await form(c.course.id, lab, 'Future logbook', {
      startAt: new Date('2999-06-01T01:00:00Z'),
      endAt: new Date('2999-06-30T10:00:00Z'),
    });
    // Another course of the campus, and a course of another campus the student also studies in.
    const elsewhere = await h.course(1, c.stranger.id, { name: 'Elsewhere' });
    const elsewhereModule = await module(elsewhere.id, { name: 'Elsewhere week' });
    await form(elsewhere.id, elsewhereModule, 'Elsewhere logbook', { formableType: 'modules' });
    const abroad = await h.course(2, c.outsider.id, { name: 'Abroad' });
    await h.enrol(abroad.id, 2, [c.student.id]);
    const abroadModule = await module(abroad.id, { name: 'Abroad week' });
    await form(abroad.id, abroadModule, 'Abroad logbook', { tenantId: 2, formableType: 'modules' });

    const forms = async (client: typeof c.asStudent, month = '2026-06') =>
      list((await client.get(`/api/course/agenda?month=${month}`)).body)
        .filter((item) => item.attributes.item_type === 'form')
        .map((item) => `${item.attributes.name} ${item.attributes.event} ${item.attributes.at}`);

    expect(await forms(c.asStudent)).toEqual([
      'Lab logbook opens 2026-06-01 08:00:00',
      'Module logbook opens 2026-06-01 08:00:00',
      'Lab logbook closes 2026-06-30 17:00:00',
      'Module logbook closes 2026-06-30 17:00:00',
    ]);
    expect(await forms(c.asStudent, '2999-06')).toEqual([]);
    for (const staff of [c.asLecturer, c.asAssistant]) {
      expect((await forms(staff)).filter((entry) => entry.includes('opens')).sort()).toEqual([
        'Draft logbook opens 2026-06-01 08:00:00',
        'Hidden logbook opens 2026-06-01 08:00:00',
        'Lab logbook opens 2026-06-01 08:00:00',
        'Module logbook opens 2026-06-01 08:00:00',
      ]);
      expect(await forms(staff, '2999-06')).toEqual([
        'Future logbook opens 2999-06-01 08:00:00',
        'Future logbook closes 2999-06-30 17:00:00',
      ]);
    }
    expect(await forms(c.asStranger)).toEqual([
      'Elsewhere logbook opens 2026-06-01 08:00:00',
      'Elsewhere logbook closes 2026-06-30 17:00:00',
    ]);
    expect(await forms(c.asOutsider)).toEqual([
      'Abroad logbook opens 2026-06-01 08:00:00',
      'Abroad logbook closes 2026-06-30 17:00:00',
    ]);
    // A form whose activity is archived leaves everyone's agenda.
    await h.ds.getRepository(Activity).update({ id: lab.id }, { deletedAt: new Date() });
    expect(await forms(c.asStudent)).toEqual([
      'Module logbook opens 2026-06-01 08:00:00',
      'Module logbook closes 2026-06-30 17:00:00',
    ]);
  });

  it('keeps one course with filter[course_id]: a member’s own, 404 for anyone else’s', async () => {
    const c = await cast(h);
    const second = await h.course(1, c.lecturer.id, { name: 'Second' });
    await h.enrol(second.id, 1, [c.student.id]);
    const startAt = new Date('2026-07-06T03:00:00Z');
    await module(c.course.id, { name: 'Databases week', startAt });
    await module(second.id, { name: 'Second week', startAt });
    const names = async (client: typeof c.asStudent, query: string) => {
      const response = await client.get(`/api/course/agenda?date=2026-07-06${query}`);
      expect(response.status).toBe(200);
      return list(response.body).map((item) => item.attributes.name);
    };

    expect((await names(c.asStudent, '')).sort()).toEqual(['Databases week', 'Second week']);
    for (const client of [c.asStudent, c.asLecturer])
      expect(await names(client, `&filter[course_id]=${second.id}`)).toEqual(['Second week']);
    expect(await names(c.asAssistant, `&filter[course_id]=${c.course.id}`)).toEqual(['Databases week']);
    // The assistant is no member of the second course; the outsider's campus is another one.
    for (const [client, courseId] of [
      [c.asAssistant, second.id],
      [c.asStranger, c.course.id],
      [c.asOutsider, c.course.id],
      [c.asStudent, 999_999_999],
    ] as const) {
      const response = await client.get(`/api/course/agenda?date=2026-07-06&filter[course_id]=${courseId}`);
      expect(response.status).toBe(404);
    }
  });

  it('answers a missing or malformed day or month with a 400 naming the parameter', async () => {
    const c = await cast(h);
    for (const [query, parameter] of [
      ['', 'date'],
      ['?date=2026-02-30', 'date'],
      ['?date=tomorrow', 'date'],
      ['?month=2026-13', 'month'],
      ['?month=2026-2', 'month'],
      ['?month=2026-02&date=2026-02-01', 'month'],
      ['?month=2026-02&month=2026-03', 'month'],
      ['?month=2026-02&filter[course_id]=DB1', 'filter[course_id]'],
      ['?month=2026-02&filter[course_id]=0', 'filter[course_id]'],
      ['?month=2026-02&filter[course_id]=-1', 'filter[course_id]'],
      ['?month=2026-02&filter[course_id]=9223372036854775808', 'filter[course_id]'],
      ['?month=2026-02&filter[course_id]=1&filter[course_id]=2', 'filter[course_id]'],
    ]) {
      const response = await c.asStudent.get(`/api/course/agenda${query}`);
      expect({ query, status: response.status, source: response.body.errors?.[0].source }).toEqual({
        query,
        status: 400,
        source: { parameter },
      });
    }
    expect((await h.api.get('/api/course/agenda?month=2026-02')).status).toBe(401);
  });
});
