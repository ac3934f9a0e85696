import { attributesDoc as body, errorPointers } from '@lms/testing';
import { SemesterPlan } from '../src/plans/semester-plan.entity';
import { FILLED_STAGES, HOSTS, list, one, RpsHarness } from './support/harness';

type Client = Awaited<ReturnType<RpsHarness['as']>>;
const OPEN = { rps_start: '2020-01-01 00:00:00', rps_end: '2099-12-31 23:59:59' };
const CLOSED = { rps_start: '2020-01-01 00:00:00', rps_end: '2020-12-31 23:59:59' };

/**
 * Semester plans (issue 19): the 11 stages and their completion rule, the window and status
 * rules (edits only in draft or revision, only inside the window), the approval cycle, clone,
 * the public preview that never shows a draft, who may do what, another campus's plan a 404,
 * bad input a 422 that changes nothing.
 */
describe('semester plans (RPS)', () => {
  const h = new RpsHarness();
  let d: Awaited<ReturnType<RpsHarness['department']>>;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    d = await h.department();
  });
  afterAll(() => h.stop());

  const create = (client: Client, attributes: Record<string, unknown>) =>
    client.post('/api/rps/v1/rps', body({ curriculum: '2024', ...attributes }));
  const stage = (client: Client, id: string, slug: string, attributes: Record<string, unknown>) =>
    client.patch(`/api/rps/v1/rps/${id}/stages/${slug}`, body(attributes));
  const fill = async (client: Client, id: string) => {
    for (const [slug, attributes] of Object.entries(FILLED_STAGES))
      expect((await stage(client, id, slug, attributes)).status).toBe(200);
  };
  const done = (doc: { data?: unknown }) =>
    (one(doc).attributes.stages as Array<{ done: boolean }>).map((s) => (s.done ? 1 : 0)).join('');
  const rows = () => h.ds.getRepository(SemesterPlan).count();
  const publicPlan = (code: string, host = HOSTS[1]) =>
    h.api.at(host).get(`/api/rps-public?code=${encodeURIComponent(code)}&curriculum=2024`);

  let planId: string;

  it('lets the course staff start a draft; others of the campus and other campuses get a 404; bad input changes nothing', async () => {
    const before = await rows();
    expect((await create(d.asStudent, { course_id: d.course.id })).status).toBe(404);
    expect((await create(d.asStranger, { course_id: d.course.id })).status).toBe(404);
    expect((await create(d.asElsewhere, { course_id: d.course.id })).status).toBe(404);
    const bad = await create(d.asLecturer, { course_id: 'x', curriculum: '' });
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)?.sort()).toEqual([
      '/data/attributes/course_id',
      '/data/attributes/curriculum',
    ]);
    const ownWindow = await create(d.asLecturer, { course_id: d.course.id, ...OPEN });
    expect(ownWindow.status).toBe(403);
    expect(await rows()).toBe(before);

    const created = await create(d.asLecturer, { course_id: d.course.id });
    expect(created.status).toBe(201);
    planId = one(created.body).id;
    expect(one(created.body).attributes).toMatchObject({
      course_id: d.course.id,
      code: d.code,
      curriculum: '2024',
      status: 'draft',
      editable: true,
      cloned_from_id: null,
    });
    expect(done(created.body)).toBe('00000000000');
    expect((await create(d.asAssistant, { course_id: d.course.id })).status).toBe(409);

    const path = `/api/rps/v1/rps/${planId}`;
    expect((await d.asAssistant.get(path)).status).toBe(200);
    expect((await d.asApprover.get(path)).status).toBe(200);
    for (const outsider of [d.asStudent, d.asStranger, d.asElsewhere])
      expect((await outsider.get(path)).status).toBe(404);
    expect(list((await d.asStranger.get('/api/rps/v1/rps/list')).body)).toEqual([]);
    expect(list((await d.asElsewhere.get('/api/rps/v1/rps/list')).body)).toEqual([]);
    expect(
      list((await d.asApprover.get(`/api/rps/v1/rps/list?filter[course_id]=${d.course.id}`)).body),
    ).toHaveLength(1);
  });

  it('marks each stage done by its rule and refuses references to codes and weeks the plan lacks', async () => {
    const general = await stage(d.asLecturer, planId, 'informasi-umum-mk', {
      notes: 'n',
      description_mk: 'd',
    });
    expect(done(general.body)).toBe('00000000000');
    const third = await stage(d.asLecturer, planId, 'informasi-umum-mk', { kebijakan_ai: 'AI policy' });
    expect(done(third.body)).toBe('10000000000');
    expect(one(third.body).attributes).toMatchObject({
      notes: 'n',
      description_mk: 'd',
      kebijakan_ai: 'AI policy',
    });
    const blank = await stage(d.asLecturer, planId, 'informasi-umum-mk', { notes: '  ' });
    expect(done(blank.body)).toBe('00000000000');

    const unknownCpl = await stage(d.asLecturer, planId, 'cpmk', FILLED_STAGES.cpmk);
    expect(unknownCpl.status).toBe(422);
    expect(errorPointers(unknownCpl.body)).toEqual(['/data/attributes/cpmk/0/cpl/0']);
    const unknownWeek = await stage(d.asLecturer, planId, 'rps-lce', FILLED_STAGES['rps-lce']);
    expect(unknownWeek.status).toBe(422);
    expect(errorPointers(unknownWeek.body)).toEqual(['/data/attributes/lce/0/week']);
    const twice = await stage(d.asLecturer, planId, 'cpl', {
      cpl: [
        { code: 'CPL-1', description: 'a' },
        { code: 'CPL-1', description: 'b' },
      ],
    });
    expect(errorPointers(twice.body)).toEqual(['/data/attributes/cpl/1']);
    expect(done((await d.asLecturer.get(`/api/rps/v1/rps/${planId}`)).body)).toBe('00000000000');

    await fill(d.asAssistant, planId);
    const filled = await d.asLecturer.get(`/api/rps/v1/rps/${planId}`);
    expect(done(filled.body)).toBe('11111111111');
    const weeks = one(filled.body).attributes.weeks as Array<Record<string, unknown>>;
    expect(weeks[0]).toMatchObject({
      week: 1,
      method_offline: 'Ceramah',
      face_to_face_minutes: 100,
      ai_use: 'Tidak diperbolehkan',
    });
    // the main plan changed again: what stages 8–11 said of the weeks it keeps stays
    const again = await stage(d.asLecturer, planId, 'rps-utama', {
      weeks: [
        { week: 1, sub_cpmk: 'Sub-CPMK-1', topic: 'Senarai', indicators: '', criteria: '', weight: 10 },
      ],
    });
    expect((one(again.body).attributes.weeks as unknown[])[0]).toMatchObject({
      topic: 'Senarai',
      learning_experience: 'Diskusi kelompok',
    });
    const tooHeavy = await stage(d.asLecturer, planId, 'evaluasi', {
      evaluations: [
        { name: 'UTS', cpmk: ['CPMK-1'], weight: 60 },
        { name: 'UAS', cpmk: ['CPMK-1'], weight: 60 },
      ],
    });
    expect(errorPointers(tooHeavy.body)).toEqual(['/data/attributes/evaluations']);
  });

  it('has approvers: the administrators and the lecturers they name, never deciding their own course', async () => {
    const name = (client: Client, userId: number) =>
      client.post('/api/rps/v1/approvers', body({ user_id: userId }));
    expect((await name(d.asApprover, d.lecturer.id)).status).toBe(403);
    expect(errorPointers((await name(d.asAdmin, 999_999)).body)).toEqual(['/data/attributes/user_id']);
    expect((await name(d.asAdmin, d.approver.id)).status).toBe(409);
    const approvers = list((await d.asApprover.get('/api/rps/v1/approvers')).body);
    expect(approvers.map((a) => a.attributes.name)).toEqual(['Kaprodi']);
    expect((await d.asStranger.get('/api/rps/v1/approvers')).status).toBe(403);

    // the course's own lecturer named approver reads every plan but does not decide their own
    expect((await name(d.asAdmin, d.lecturer.id)).status).toBe(201);
    const own = await d.asLecturer.get(`/api/rps/v1/rps/${planId}`);
    expect(one(own.body).attributes).toMatchObject({ can_edit: true, can_decide: false });
    expect((await d.asLecturer.send('DELETE', `/api/rps/v1/approvers/${d.lecturer.id}`)).status).toBe(403);
    expect((await d.asAdmin.send('DELETE', `/api/rps/v1/approvers/${d.lecturer.id}`)).status).toBe(204);
    expect((await d.asAdmin.send('DELETE', `/api/rps/v1/approvers/${d.lecturer.id}`)).status).toBe(404);
    expect(one((await d.asApprover.get(`/api/rps/v1/rps/${planId}`)).body).attributes).toMatchObject({
      can_edit: false,
      can_decide: false,
    });
  });

  it('runs the approval cycle: submit, return with a comment, revise, approve; nobody edits while it is under review', async () => {
    const submit = (client: Client) => client.post('/api/rps/v1/approval', body({ rps_id: Number(planId) }));
    const decide = (client: Client, attributes: Record<string, unknown>) =>
      client.patch(`/api/rps/v1/approval/${planId}`, body(attributes));
    expect((await publicPlan(d.code)).status).toBe(404);

    await stage(d.asLecturer, planId, 'evaluasi', {
      evaluations: [{ name: 'UAS', cpmk: ['CPMK-1'], weight: 60 }],
    });
    const short = await submit(d.asLecturer);
    expect(short.status).toBe(422);
    expect(short.body.errors?.[0].detail).toContain('add up to 60');
    await stage(d.asLecturer, planId, 'evaluasi', FILLED_STAGES.evaluasi);
    expect((await decide(d.asApprover, { decision: 'approve' })).status).toBe(409);
    expect((await submit(d.asStranger)).status).toBe(404);
    expect((await submit(d.asApprover)).status).toBe(403);

    const submitted = await submit(d.asLecturer);
    expect(submitted.status).toBe(200);
    expect(one((await d.asApprover.get(`/api/rps/v1/rps/${planId}`)).body).attributes.can_decide).toBe(true);
    expect(one(submitted.body).attributes).toMatchObject({ status: 'submitted', editable: false });
    const locked = await stage(d.asLecturer, planId, 'rujukan', FILLED_STAGES.rujukan);
    expect(locked.status).toBe(403);
    expect(locked.body.errors?.[0].code).toBe('rps_status');
    expect((await publicPlan(d.code)).status).toBe(404);

    expect((await decide(d.asLecturer, { decision: 'approve' })).status).toBe(403);
    expect((await decide(d.asElsewhere, { decision: 'approve' })).status).toBe(404);
    const noComment = await decide(d.asApprover, { decision: 'return', comment: ' ' });
    expect(errorPointers(noComment.body)).toEqual(['/data/attributes/comment']);
    expect(errorPointers((await decide(d.asApprover, { decision: 'maybe' })).body)).toEqual([
      '/data/attributes/decision',
    ]);
    expect((await h.ds.getRepository(SemesterPlan).findOneByOrFail({ id: Number(planId) })).status).toBe(
      'submitted',
    );

    const returned = await decide(d.asApprover, {
      decision: 'return',
      comment: 'Lengkapi rujukan pendukung.',
    });
    expect(one(returned.body).attributes).toMatchObject({
      status: 'revision',
      editable: true,
      review_comment: 'Lengkapi rujukan pendukung.',
    });
    const revised = await stage(d.asLecturer, planId, 'rujukan', {
      references: [
        ...(FILLED_STAGES.rujukan.references as unknown[]),
        { type: 'supporting', citation: 'Weiss, Data Structures' },
      ],
    });
    expect(revised.status).toBe(200);
    expect((await submit(d.asLecturer)).status).toBe(200);
    const approved = await decide(d.asApprover, { decision: 'approve' });
    expect(one(approved.body).attributes).toMatchObject({
      status: 'approved',
      editable: false,
      review_comment: null,
    });
    expect((await stage(d.asLecturer, planId, 'rujukan', FILLED_STAGES.rujukan)).status).toBe(403);
    expect((await decide(d.asApprover, { decision: 'return', comment: 'again' })).status).toBe(409);
  });

  it('shows the approved plan publicly, without sign-in, on its own campus only, with its PDF', async () => {
    const shown = await publicPlan(d.code);
    expect(shown.status).toBe(200);
    expect(one(shown.body).type).toBe('rps-public');
    expect(one(shown.body).attributes).toMatchObject({
      code: d.code,
      status: 'approved',
      course_name: 'Struktur Data',
    });
    expect(one(shown.body).attributes).not.toHaveProperty('review_comment');
    expect((await publicPlan(d.code, HOSTS[2])).status).toBe(404);
    expect((await publicPlan(d.code, 'unknown.test')).status).toBe(404);
    expect((await h.api.at(HOSTS[1]).get(`/api/rps-public?code=${d.code}`)).status).toBe(400);
    const pdf = await h.api.at(HOSTS[1]).get(`/api/rps-public/pdf?code=${d.code}&curriculum=2024`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.body).slice(0, 5)).toBe('%PDF-');
  });

  it('keeps edits inside the window the approver sets, and clones a plan into the next period as a draft', async () => {
    const before = await rows();
    const clone = (client: Client, attributes: Record<string, unknown>) =>
      client.post('/api/rps/v1/rps/clone', body(attributes));
    expect(
      (await clone(d.asStranger, { source_id: Number(planId), course_id: d.nextCourse.id })).status,
    ).toBe(404);
    expect(
      (await clone(d.asElsewhere, { source_id: Number(planId), course_id: d.nextCourse.id })).status,
    ).toBe(404);
    expect((await clone(d.asLecturer, { source_id: Number(planId), course_id: d.course.id })).status).toBe(
      409,
    );
    expect(await rows()).toBe(before);
    const cloned = await clone(d.asLecturer, { source_id: Number(planId), course_id: d.nextCourse.id });
    expect(cloned.status).toBe(201);
    const copy = one(cloned.body);
    expect(copy.attributes).toMatchObject({
      course_id: d.nextCourse.id,
      status: 'draft',
      cloned_from_id: Number(planId),
      review_comment: null,
    });
    expect(done(cloned.body)).toBe('11111111111');

    const window = (client: Client, attributes: Record<string, unknown>) =>
      client.patch(`/api/rps/v1/rps/${copy.id}/window`, body(attributes));
    expect((await window(d.asLecturer, CLOSED)).status).toBe(403);
    expect(
      errorPointers((await window(d.asApprover, { rps_start: OPEN.rps_end, rps_end: OPEN.rps_start })).body),
    ).toEqual(['/data/attributes/rps_end']);
    const closed = await window(d.asApprover, CLOSED);
    expect(one(closed.body).attributes).toMatchObject({ status: 'draft', editable: false });
    const refused = await stage(d.asLecturer, copy.id, 'informasi-umum-mk', { notes: 'late' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0].code).toBe('rps_window_closed');
    expect((await d.asLecturer.post('/api/rps/v1/approval', body({ rps_id: Number(copy.id) }))).status).toBe(
      403,
    );
    expect((await window(d.asApprover, OPEN)).status).toBe(200);
    expect((await stage(d.asLecturer, copy.id, 'informasi-umum-mk', { notes: 'on time' })).status).toBe(200);

    // the draft of the next period is not public; the approved one still is
    expect(one((await publicPlan(d.code)).body).id).toBe(planId);
    const preview = await d.asLecturer.get(`/api/rps/v1/rps/preview?code=${d.code}&curriculum=2024`);
    expect(one(preview.body).id).toBe(copy.id);
    expect((await d.asStranger.get(`/api/rps/v1/rps/preview?code=${d.code}&curriculum=2024`)).status).toBe(
      404,
    );
  });
});
