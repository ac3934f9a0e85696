import { formatWireDate } from '@lms/jsonapi';
import type { ApiClient, JsonDocument } from '@lms/testing';
import { CourseHarness, cast, list, one } from './support/harness';

const DAY = 24 * 60 * 60 * 1000;
/** A wall-clock time of the test campus (tokens carry Asia/Jakarta). */
const wall = (offsetMs: number) => formatWireDate(new Date(Date.now() + offsetMs), 'Asia/Jakarta');
const today = () => wall(0).slice(0, 10);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const RUBRIC = {
  criteria: [
    {
      name: 'Reflection',
      weight: 60,
      levels: [
        { name: 'Thin', point: 50 },
        { name: 'Deep', point: 100 },
      ],
    },
    {
      name: 'Evidence',
      weight: 40,
      levels: [
        { name: 'None', point: 0 },
        { name: 'Some', point: 70, point_min: 60, point_max: 80 },
      ],
    },
  ],
};

const FIELDS = [
  { key: 'activities', label: 'What I did', type: 'long_text', required: true },
  { key: 'hours', label: 'Hours', type: 'number', min: 0, max: 24 },
  { key: 'place', label: 'Place', type: 'choice', options: ['Lab', 'Library', 'Home'] },
  { key: 'on', label: 'Day of the work', type: 'date' },
];

const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

describe('forms and logbooks', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course with a module and an activity, a second student, and a form maker. */
  async function setup() {
    const c = await cast(h);
    const other = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [other.id], c.courseClass);
    const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
    const activity = one(
      (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
    );
    const make = async (extra: Record<string, unknown> = {}, as: ApiClient = c.asLecturer) =>
      as.post(
        '/api/course/forms',
        body({
          formable_type: 'activities',
          formable_id: Number(activity.id),
          title: 'Daily logbook',
          type: 'daily',
          date: '2020-01-01',
          start_at: wall(-DAY),
          end_at: wall(30 * DAY),
          lists: FIELDS,
          ...extra,
        }),
      );
    const form = async (extra: Record<string, unknown> = {}) => {
      const response = await make(extra);
      expect(response.status).toBe(201);
      return one(response.body);
    };
    return { c, other, asOther: await h.as(other), module, activity, make, form };
  }

  /** A multipart entry as the browser sends it: `form_id`, `lists` as JSON text, `file` parts. */
  async function multipart(token: string, fields: Record<string, string>, files: Buffer[] = []) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const bytes of files) form.append('file', new Blob([new Uint8Array(bytes)]), 'evidence.pdf');
    const response = await fetch(`${h.baseUrl}/api/course/formanswers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as JsonDocument };
  }

  const answer = (
    as: ApiClient,
    formId: string,
    lists: unknown[] = [{ key: 'activities', value: 'Wrote tests' }],
  ) => as.post('/api/course/formanswers', body({ form_id: Number(formId), lists }));

  describe('the form', () => {
    it('keeps a daily logbook on an activity with its fields, window and rubric copy', async () => {
      const { c, activity, form } = await setup();
      const created = await form({ assesment_method: 'rubric', rubric: RUBRIC, is_file_required: true });
      expect(created.attributes).toMatchObject({
        course_id: c.course.id,
        formable_type: 'activities',
        formable_id: Number(activity.id),
        title: 'Daily logbook',
        forms_type: 'daily',
        date: '2020-01-01',
        month: null,
        is_file_required: true,
        assesment_method: 'rubric',
        is_answered: false,
        answers_count: 0,
        can_edit: true,
        course_name: 'Databases',
      });
      expect((created.attributes.rubric as { criteria: unknown[] }).criteria).toHaveLength(2);
      expect(created.attributes.lists).toEqual([
        {
          key: 'activities',
          label: 'What I did',
          type: 'long_text',
          required: true,
          options: null,
          min: null,
          max: null,
          help: null,
        },
        {
          key: 'hours',
          label: 'Hours',
          type: 'number',
          required: false,
          options: null,
          min: 0,
          max: 24,
          help: null,
        },
        {
          key: 'place',
          label: 'Place',
          type: 'choice',
          required: false,
          options: ['Lab', 'Library', 'Home'],
          min: null,
          max: null,
          help: null,
        },
        {
          key: 'on',
          label: 'Day of the work',
          type: 'date',
          required: false,
          options: null,
          min: null,
          max: null,
          help: null,
        },
      ]);
      const renamed = await c.asAssistant.patch(
        `/api/course/forms/${created.id}`,
        body({ title: 'Lab diary' }),
      );
      expect(one(renamed.body).attributes.title).toBe('Lab diary');
      const listed = await c.asLecturer.get(
        `/api/course/forms?filter[course_id][is]=${c.course.id}&sort=-updated_at`,
      );
      expect(list(listed.body).map((item) => item.id)).toEqual([created.id]);
    });

    it('refuses a form that is not well made, pointing at the field', async () => {
      const { make } = await setup();
      const pointers = async (extra: Record<string, unknown>) => {
        const response = await make(extra);
        expect(response.status).toBe(422);
        return response.body.errors?.map((error) => error.source?.pointer);
      };
      expect(await pointers({ end_at: wall(-2 * DAY) })).toEqual(['/data/attributes/end_at']);
      expect(await pointers({ date: null })).toEqual(['/data/attributes/date']);
      expect(await pointers({ type: 'monthly', date: null })).toEqual(['/data/attributes/month']);
      expect(await pointers({ month: '2026-13', type: 'monthly' })).toEqual(['/data/attributes/month']);
      expect(await pointers({ assesment_method: 'rubric' })).toEqual(['/data/attributes/rubric']);
      expect(
        await pointers({
          assesment_method: 'rubric',
          rubric: { criteria: [{ ...RUBRIC.criteria[0], weight: 10 }, RUBRIC.criteria[1]] },
        }),
      ).toEqual(['/data/attributes/rubric/criteria']);
      expect(
        await pointers({
          lists: [
            { key: 'place', label: 'Place', type: 'choice', options: ['Lab'] },
            { key: 'place', label: 'Again', type: 'text' },
            { key: 'Bad Key', label: 'x', type: 'number', min: 5, max: 1 },
            { key: 'n', label: 'n', type: 'text', min: 1 },
          ],
        }),
      ).toEqual([
        '/data/attributes/lists/0/options',
        '/data/attributes/lists/1/key',
        '/data/attributes/lists/2/key',
        '/data/attributes/lists/2/min',
        '/data/attributes/lists/3/min',
      ]);
      expect(await pointers({ lists: [{ key: 'a', label: 'A', type: 'colour' }] })).toEqual([
        '/data/attributes/lists/0/type',
      ]);
      expect(await pointers({ lists: [] })).toEqual(['/data/attributes/lists']);
    });

    it('is written only by the course’s staff, on a structure of its course', async () => {
      const { c, make, module } = await setup();
      expect((await make({}, c.asStudent)).status).toBe(403);
      expect((await make({}, c.asStranger)).status).toBe(404);
      expect((await make({}, c.asOutsider)).status).toBe(404);
      const elsewhere = await cast(h);
      const foreign = one(
        (await elsewhere.asLecturer.post('/api/course/modules', { course_id: elsewhere.course.id })).body,
      );
      // A course the lecturer has nothing to do with does not exist for them.
      expect((await make({ formable_type: 'modules', formable_id: Number(foreign.id) })).status).toBe(404);
      const onModule = await make({ formable_type: 'modules', formable_id: Number(module.id) });
      expect(onModule.status).toBe(201);
      const moved = await c.asLecturer.patch(
        `/api/course/forms/${one(onModule.body).id}`,
        body({ formable_id: Number(foreign.id) }),
      );
      expect(moved.status).toBe(422);
      expect(moved.body.errors?.[0].source?.pointer).toBe('/data/attributes/formable_id');
    });

    it('shows students a form of their course from its start on; another course or campus: 404', async () => {
      const { c, form } = await setup();
      const open = await form();
      const later = await form({ title: 'Later', start_at: wall(2 * DAY), end_at: wall(9 * DAY) });
      const ids = async (as: ApiClient) =>
        list((await as.get(`/api/course/forms?filter[course_id][is]=${c.course.id}`)).body).map(
          (item) => item.id,
        );
      expect(await ids(c.asStudent)).toEqual([open.id]);
      expect((await c.asStudent.get(`/api/course/forms/${later.id}`)).status).toBe(404);
      expect((await ids(c.asLecturer)).sort()).toEqual([open.id, later.id].sort());
      expect((await c.asStranger.get(`/api/course/forms/${open.id}`)).status).toBe(404);
      expect((await c.asOutsider.get(`/api/course/forms/${open.id}`)).status).toBe(404);
      const elsewhere = await cast(h);
      expect((await elsewhere.asStudent.get(`/api/course/forms/${open.id}`)).status).toBe(404);
      expect((await answer(elsewhere.asStudent, open.id)).status).toBe(404);
    });
  });

  describe('entries', () => {
    it('takes one entry a day per student and marks the form answered', async () => {
      const { c, form, asOther } = await setup();
      const logbook = await form();
      const first = await answer(c.asStudent, logbook.id, [
        { key: 'activities', value: '  Normalised the schema ' },
        { key: 'hours', value: '3.5' },
        { key: 'place', value: 'Lab' },
        { key: 'on', value: '2026-03-02' },
      ]);
      expect(first.status).toBe(201);
      expect(one(first.body).attributes).toMatchObject({
        form_id: Number(logbook.id),
        student_id: c.student.id,
        period: today(),
        date: today(),
        month: null,
        lists: [
          { key: 'activities', value: 'Normalised the schema' },
          { key: 'hours', value: 3.5 },
          { key: 'place', value: 'Lab' },
          { key: 'on', value: '2026-03-02' },
        ],
        score: null,
        is_assessed: false,
      });
      const again = await answer(c.asStudent, logbook.id);
      expect(again.status).toBe(422);
      expect(again.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/form_id' },
        detail: `You have already written the entry of ${today()}`,
      });
      expect((await answer(asOther, logbook.id)).status).toBe(201);
      const seen = one((await c.asStudent.get(`/api/course/forms/${logbook.id}`)).body).attributes;
      expect(seen).toMatchObject({ is_answered: true, answers_count: 1, can_edit: false });
      const staff = one((await c.asLecturer.get(`/api/course/forms/${logbook.id}`)).body).attributes;
      expect(staff).toMatchObject({ is_answered: false, answers_count: 2 });
    });

    it('checks the answers against the fields', async () => {
      const { c, form } = await setup();
      const logbook = await form();
      const refused = await answer(c.asStudent, logbook.id, [
        { key: 'hours', value: 30 },
        { key: 'place', value: 'Beach' },
        { key: 'on', value: '2026-02-30' },
        { key: 'mood', value: 'fine' },
      ]);
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
        ['/data/attributes/lists/0/value', 'Hours must be at most 24'],
        ['/data/attributes/lists/1/value', 'Place must be one of: Lab, Library, Home'],
        ['/data/attributes/lists/2/value', 'Day of the work must be a date YYYY-MM-DD'],
        ['/data/attributes/lists/3/key', 'mood is not a field of the form'],
        ['/data/attributes/lists', 'What I did (activities) is required'],
      ]);
    });

    it('takes entries only inside the window and from the first day on', async () => {
      const { c, form } = await setup();
      const closed = await form({ start_at: wall(-9 * DAY), end_at: wall(-DAY) });
      const outside = await answer(c.asStudent, closed.id);
      expect(outside.status).toBe(422);
      expect(outside.body.errors?.[0].source?.pointer).toBe('/data/attributes/form_id');
      expect(outside.body.errors?.[0].detail).toMatch(/^The form takes entries from .+ to .+$/);
      const notYet = await form({ date: wall(5 * DAY).slice(0, 10) });
      expect((await answer(c.asStudent, notYet.id)).status).toBe(422);
      const monthly = await form({ type: 'monthly', date: null, month: '2020-01' });
      const entry = await answer(c.asStudent, monthly.id);
      expect(one(entry.body).attributes).toMatchObject({
        period: today().slice(0, 7),
        month: today().slice(0, 7),
        date: null,
      });
      expect((await answer(c.asStudent, monthly.id)).status).toBe(422);
      expect((await answer(c.asLecturer, monthly.id)).status).toBe(403);
    });

    it('requires a file when the form says so, stored through the upload helper', async () => {
      const { c, form } = await setup();
      const logbook = await form({ is_file_required: true });
      const token = await h.token(c.student);
      const lists = JSON.stringify([{ key: 'activities', value: 'Field trip' }]);
      const without = await answer(c.asStudent, logbook.id);
      expect(without.status).toBe(422);
      expect(without.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/file' },
        detail: 'The form requires a file',
      });
      const exe = await multipart(token, { form_id: logbook.id, lists }, [
        Buffer.from([0x4d, 0x5a, 0x90, 0]),
      ]);
      expect(exe.status).toBe(422);
      expect(exe.body.errors?.[0].source?.pointer).toBe('/data/attributes/file');
      const sent = await multipart(token, { form_id: logbook.id, lists }, [PDF]);
      expect(sent.status).toBe(201);
      const entry = one(sent.body);
      const [file] = entry.attributes.files as Array<{
        key: string;
        name: string;
        mime: string;
        size: number;
      }>;
      expect(file).toMatchObject({ name: 'evidence.pdf', mime: 'application/pdf', size: PDF.length });
      expect(file.key).toMatch(/^course\/1\/formanswers\//);
      const download = await c.asLecturer.send<unknown>(
        'GET',
        `/api/course/formanswers/${entry.id}/files/${file.key.split('/').pop()}`,
      );
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      const elsewhere = await cast(h);
      expect(
        (
          await elsewhere.asLecturer.send<unknown>(
            'GET',
            `/api/course/formanswers/${entry.id}/files/${file.key.split('/').pop()}`,
          )
        ).status,
      ).toBe(404);
    });

    it('lets a student read only their own entries; staff read all with names', async () => {
      const { c, form, asOther, other } = await setup();
      const logbook = await form();
      const mine = one((await answer(c.asStudent, logbook.id)).body);
      const theirs = one((await answer(asOther, logbook.id)).body);
      const path = `/api/course/formanswers?filter[form_id][is]=${logbook.id}`;
      expect(list((await c.asStudent.get(path)).body).map((item) => item.id)).toEqual([mine.id]);
      expect((await c.asStudent.get(`/api/course/formanswers/${theirs.id}`)).status).toBe(404);
      const staff = list((await c.asLecturer.get(`${path}&sort=-student_name`)).body);
      const names = [c.student, other].sort((a, b) => b.name.localeCompare(a.name, 'en'));
      expect(staff.map((item) => item.attributes.student_id)).toEqual(names.map((user) => user.id));
      expect(staff.find((item) => item.id === theirs.id)?.attributes).toMatchObject({
        student_id: other.id,
        student_name: other.name,
        student_username: other.username,
      });
      expect(list((await c.asOutsider.get(path)).body)).toEqual([]);
      expect((await c.asOutsider.get(`/api/course/formanswers/${mine.id}`)).status).toBe(404);
    });
  });

  describe('assessment', () => {
    it('scores an entry on the form’s rubric and records course.form.assessed with the student’s mean', async () => {
      const { c, form } = await setup();
      const logbook = await form({ assesment_method: 'rubric', rubric: RUBRIC });
      const entry = one((await answer(c.asStudent, logbook.id)).body);
      const path = `/api/course/formanswers/${entry.id}`;
      expect((await c.asStudent.patch(path, body({ rubrics: [] }))).status).toBe(403);
      const wrong = await c.asLecturer.patch(
        path,
        body({
          rubrics: [
            { criterion: 0, level: 5 },
            { criterion: 1, level: 1, point: 90 },
          ],
        }),
      );
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors?.map((error) => error.source?.pointer)).toEqual([
        '/data/attributes/rubrics/0/level',
        '/data/attributes/rubrics/1/point',
      ]);
      const scored = await c.asAssistant.patch(
        path,
        body({
          rubrics: [
            { criterion: 1, level: 1, point: 75 },
            { criterion: 0, level: 1 },
          ],
          feedback: 'Good',
        }),
      );
      expect(scored.status).toBe(200);
      // 60 % × 100 + 40 % × 75 = 90
      expect(one(scored.body).attributes).toMatchObject({
        score: 90,
        feedback: 'Good',
        is_assessed: true,
        rubrics: [
          { criterion: 0, level: 1, point: 100 },
          { criterion: 1, level: 1, point: 75 },
        ],
      });
      const events = (await h.events('course.form.assessed')).filter(
        (event) => event.data.formId === Number(logbook.id),
      );
      expect(events.map((event) => event.data)).toEqual([
        {
          formId: Number(logbook.id),
          courseId: c.course.id,
          answerId: Number(entry.id),
          studentId: c.student.id,
          period: today(),
          score: 90,
          formScore: 90,
          assessedCount: 1,
        },
      ]);
      const seen = one((await c.asStudent.get(path)).body).attributes;
      expect(seen).toMatchObject({ score: 90, feedback: 'Good' });
    });

    it('gives feedback without a score on a form not assessed by rubric', async () => {
      const { c, form } = await setup();
      const logbook = await form();
      const entry = one((await answer(c.asStudent, logbook.id)).body);
      const path = `/api/course/formanswers/${entry.id}`;
      const refused = await c.asLecturer.patch(path, body({ rubrics: [{ criterion: 0, level: 0 }] }));
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.[0].source?.pointer).toBe('/data/attributes/rubrics');
      const noted = await c.asLecturer.patch(path, body({ feedback: 'Add the hours next time' }));
      expect(one(noted.body).attributes).toMatchObject({
        score: null,
        feedback: 'Add the hours next time',
        is_assessed: true,
      });
    });
  });

  describe('GET /public/forms', () => {
    it('shows a visitor what the forms of a published course are, not their questions', async () => {
      await h.given.campus({ id: 1, domain: 'forms.example.ac.id', name: 'Campus One' });
      const { c, activity, form } = await setup();
      const logbook = await form({ assesment_method: 'rubric', rubric: RUBRIC });
      const anonymous = (path: string) => h.api.get(path, { 'x-forwarded-host': 'forms.example.ac.id' });
      const path = `/api/public/forms?filter[activity_id][is]=${activity.id}&page[limit]=-1&sort=-updated_at`;
      expect(list((await anonymous(path)).body)).toEqual([]);
      await h.ds.query(`UPDATE courses SET is_public = true WHERE id = $1`, [c.course.id]);
      const [shown] = list((await anonymous(path)).body);
      expect(shown.id).toBe(logbook.id);
      expect(Object.keys(shown.attributes).sort()).toEqual(
        [
          'assesment_method',
          'course_id',
          'date',
          'end_at',
          'fields_count',
          'formable_id',
          'formable_type',
          'forms_type',
          'is_file_required',
          'month',
          'start_at',
          'title',
          'updated_at',
        ].sort(),
      );
      expect(shown.attributes.fields_count).toBe(4);
      expect(list((await anonymous(`/api/public/forms?filter[module_id][is]=${activity.id}`)).body)).toEqual(
        [],
      );
      await form({ title: 'Not yet', start_at: wall(3 * DAY), end_at: wall(9 * DAY) });
      expect(list((await anonymous(path)).body).map((item) => item.id)).toEqual([logbook.id]);
      await h.ds.query(`UPDATE courses SET is_active = false WHERE id = $1`, [c.course.id]);
      expect(list((await anonymous(path)).body)).toEqual([]);
    });
  });
});
