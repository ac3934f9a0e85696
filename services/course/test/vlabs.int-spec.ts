import type { JsonDocument } from '@lms/testing';
import { sign } from '../src/vlabs/vlab-signature';
import { CourseHarness, cast, list, one } from './support/harness';

/** `/course/vlabs`: virtual labs on activities, signed result reports, the leaderboard. */
describe('virtual labs', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  async function setup(settings: Record<string, unknown> = {}) {
    const c = await cast(h);
    const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
    const activity = one(
      (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
    );
    const created = await c.asLecturer.post('/api/course/vlabs', {
      activity_id: Number(activity.id),
      name: 'Circuit simulator',
      url: 'https://lab.example.edu/circuits?level=2',
      description: 'Build a half adder.',
      settings,
    });
    expect(created.status).toBe(201);
    const vlab = one(created.body);
    const secret = created.body.meta?.secret as string;
    return { c, activity, vlab, secret };
  }

  /** Posts a result report as a lab would: the body's exact bytes signed with `secret`. */
  function report(
    vlabId: string,
    secret: string,
    data: Record<string, unknown>,
    options: { timestamp?: number; signature?: string } = {},
  ) {
    const raw = JSON.stringify(data);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    return h.api.send<JsonDocument>('POST', `/api/course/vlabs/${vlabId}/results`, raw, {
      'content-type': 'application/json',
      'x-vlab-timestamp': timestamp,
      'x-vlab-signature': options.signature ?? sign(secret, timestamp, raw),
    });
  }

  const resultRows = async (vlabId: string) =>
    (
      (await h.ds.query(`SELECT count(*)::int AS n FROM vlab_results WHERE vlab_id = $1`, [
        vlabId,
      ])) as Array<{
        n: number;
      }>
    )[0].n;

  describe('labs', () => {
    it('are made on an activity by its staff, with a secret shown once, and read by the course', async () => {
      const { c, activity, vlab, secret } = await setup({ show_names: true });
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(vlab.attributes).toMatchObject({
        course_id: c.course.id,
        activity_id: Number(activity.id),
        name: 'Circuit simulator',
        url: 'https://lab.example.edu/circuits?level=2',
        settings: { show_names: true },
        index: 0,
      });
      const read = await c.asStudent.get(`/api/course/vlabs?filter[activity_id][is]=${activity.id}`);
      expect(list(read.body).map((lab) => lab.id)).toEqual([vlab.id]);
      const launch = new URL(list(read.body)[0].attributes.launch_url as string);
      expect(launch.origin + launch.pathname).toBe('https://lab.example.edu/circuits');
      expect(Object.fromEntries(launch.searchParams)).toEqual({
        level: '2',
        lms_vlab_id: vlab.id,
        lms_user_id: String(c.student.id),
      });
      expect(JSON.stringify(read.body)).not.toContain(secret);
      expect(JSON.stringify((await c.asLecturer.get(`/api/course/vlabs/${vlab.id}`)).body)).not.toContain(
        secret,
      );
      // The next lab of the activity comes after it.
      const second = await c.asAssistant.post('/api/course/vlabs', {
        activity_id: Number(activity.id),
        name: 'Logic gates',
        url: 'https://lab.example.edu/gates',
      });
      expect(one(second.body).attributes.index).toBe(1);
    });

    it('validates the url (https only), the activity and the settings with pointers', async () => {
      const { c, activity } = await setup();
      const base = { activity_id: Number(activity.id), name: 'Lab' };
      for (const url of [
        'http://lab.example.edu',
        'javascript:alert(1)',
        'lab.example.edu',
        'https://u:p@lab.example.edu',
      ]) {
        const refused = await c.asLecturer.post('/api/course/vlabs', { ...base, url });
        expect(refused.status).toBe(422);
        expect(refused.body.errors?.[0]).toMatchObject({
          source: { pointer: '/data/attributes/url' },
          detail: 'url must be an https URL',
        });
      }
      const badSettings = await c.asLecturer.post('/api/course/vlabs', {
        ...base,
        url: 'https://lab.example.edu',
        settings: { show_names: 'maybe', theme: 'dark' },
      });
      expect(badSettings.status).toBe(422);
      expect(badSettings.body.errors?.map((error) => error.source?.pointer)).toEqual(
        expect.arrayContaining(['/data/attributes/settings/show_names']),
      );
      const other = await h.course(1, c.lecturer.id);
      const wrongCourse = await c.asLecturer.post('/api/course/vlabs', {
        ...base,
        course_id: other.id,
        url: 'https://lab.example.edu',
      });
      expect(wrongCourse.status).toBe(422);
      expect(wrongCourse.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/activity_id' });
      const noId = await c.asLecturer.send<JsonDocument>('DELETE', '/api/course/vlabs');
      expect(noId.status).toBe(422);
      expect(noId.body.errors?.[0]?.detail).toBe('Vlab id is required');
    });

    it('are written by the staff only and hidden from other courses and campuses', async () => {
      const { c, activity, vlab } = await setup();
      const body = { activity_id: Number(activity.id), name: 'Mine', url: 'https://lab.example.edu' };
      expect((await c.asStudent.post('/api/course/vlabs', body)).status).toBe(403);
      expect((await c.asStudent.patch(`/api/course/vlabs/${vlab.id}`, { name: 'X' })).status).toBe(403);
      expect((await c.asStudent.send('DELETE', `/api/course/vlabs/${vlab.id}`)).status).toBe(403);
      expect((await c.asStranger.post('/api/course/vlabs', body)).status).toBe(404);
      expect((await c.asStranger.get(`/api/course/vlabs/${vlab.id}`)).status).toBe(404);
      expect((await c.asOutsider.get(`/api/course/vlabs/${vlab.id}`)).status).toBe(404);
      expect((await c.asOutsider.get(`/api/course/vlabs/${vlab.id}/leaderboards`)).status).toBe(404);
      expect(list((await c.asOutsider.get('/api/course/vlabs')).body)).toEqual([]);
      const patched = await c.asAssistant.patch(`/api/course/vlabs/${vlab.id}`, {
        name: 'Renamed',
        settings: { max_score: 50 },
      });
      expect(one(patched.body).attributes).toMatchObject({ name: 'Renamed', settings: { max_score: 50 } });
      expect((await c.asLecturer.send('DELETE', `/api/course/vlabs/${vlab.id}`)).status).toBe(204);
      expect((await c.asLecturer.get(`/api/course/vlabs/${vlab.id}`)).status).toBe(404);
    });
  });

  describe('results reported by the lab', () => {
    it('stores a signed result for a student of the course, once per attempt id', async () => {
      const { c, vlab, secret } = await setup();
      const sent = await report(vlab.id, secret, { user_id: c.student.id, score: 72.5, attempt_id: 'a-1' });
      expect(sent.status).toBe(201);
      expect(one(sent.body).attributes).toMatchObject({
        user_id: c.student.id,
        score: 72.5,
        attempt_id: 'a-1',
      });
      const again = await report(vlab.id, secret, { user_id: c.student.id, score: 72.5, attempt_id: 'a-1' });
      expect(one(again.body).id).toBe(one(sent.body).id);
      const byName = await report(vlab.id, secret, { username: c.student.username, score: 90 });
      expect(byName.status).toBe(201);
      expect(await resultRows(vlab.id)).toBe(2);
      const mine = await c.asStudent.get(`/api/course/vlabs/${vlab.id}/results`);
      expect(list(mine.body).map((result) => result.attributes.score)).toEqual([72.5, 90]);
    });

    it('refuses a bad signature, another lab’s secret, a stale time and a missing header, storing nothing', async () => {
      const { c, vlab, secret } = await setup();
      const other = await setup();
      const data = { user_id: c.student.id, score: 100 };
      const tampered = await report(vlab.id, secret, data, {
        signature: sign(secret, String(Math.floor(Date.now() / 1000)), JSON.stringify({ ...data, score: 1 })),
      });
      expect(tampered.status).toBe(401);
      expect(tampered.body.errors?.[0]?.detail).toBe('The signature does not match the body');
      expect((await report(vlab.id, other.secret, data)).status).toBe(401);
      expect(
        (await report(vlab.id, secret, data, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status,
      ).toBe(401);
      const unsigned = await h.api.post(`/api/course/vlabs/${vlab.id}/results`, data);
      expect(unsigned.status).toBe(401);
      expect(await resultRows(vlab.id)).toBe(0);
      // A signed report about someone who is not a student of the course is a 422, also stored nowhere.
      const stranger = await report(vlab.id, secret, { user_id: c.stranger.id, score: 100 });
      expect(stranger.status).toBe(422);
      expect(stranger.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/user_id' });
      const badScore = await report(vlab.id, secret, { user_id: c.student.id, score: -1 });
      expect(badScore.status).toBe(422);
      expect((await report('999999', secret, data)).status).toBe(404);
      expect(await resultRows(vlab.id)).toBe(0);
      // A rotated secret replaces the old one.
      const rotated = await c.asLecturer.post(`/api/course/vlabs/${vlab.id}/secret`);
      const fresh = rotated.body.meta?.secret as string;
      expect(fresh).not.toBe(secret);
      expect((await report(vlab.id, secret, data)).status).toBe(401);
      expect((await report(vlab.id, fresh, data)).status).toBe(201);
    });
  });

  describe('leaderboard', () => {
    async function scored(settings: Record<string, unknown>) {
      const s = await setup(settings);
      const [second, third] = [await h.given.user(1, 'student'), await h.given.user(1, 'student')];
      await h.enrol(s.c.course.id, 1, [second.id, third.id], s.c.courseClass);
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes)).toISOString();
      const post = (userId: number, score: number, minutes: number) =>
        report(s.vlab.id, s.secret, { user_id: userId, score, finished_at: at(minutes) });
      await post(s.c.student.id, 60, 0);
      await post(s.c.student.id, 80, 10); // best: 80 at :10
      await post(second.id, 80, 5); // 80 earlier: ranks first
      await post(third.id, 95, 20);
      await post(third.id, 95, 30); // the same best later does not move the time
      return { ...s, second, third };
    }

    it('ranks the best score per student, ties by the earlier time, and names them for the staff', async () => {
      const { c, vlab, second, third } = await scored({});
      const board = list((await c.asLecturer.get(`/api/course/vlabs/${vlab.id}/leaderboards`)).body);
      expect(
        board.map((row) => [
          row.attributes.rank,
          row.attributes.user_id,
          row.attributes.score,
          row.attributes.attempts,
        ]),
      ).toEqual([
        [1, third.id, 95, 2],
        [2, second.id, 80, 1],
        [3, c.student.id, 80, 2],
      ]);
      expect(board[0].attributes.name).toBe(third.name);
      expect(board[0].attributes.achieved_at).toBe('2026-11-01 17:20:00');
    });

    it('shows a student their own rank and anonymised others unless the lab shows names', async () => {
      const hidden = await scored({});
      const seen = list(
        (await hidden.c.asStudent.get(`/api/course/vlabs/${hidden.vlab.id}/leaderboards`)).body,
      );
      expect(
        seen.map((row) => [
          row.attributes.rank,
          row.attributes.user_id,
          row.attributes.name,
          row.attributes.is_me,
        ]),
      ).toEqual([
        [1, null, null, false],
        [2, null, null, false],
        [3, hidden.c.student.id, hidden.c.student.name, true],
      ]);
      const shown = await scored({ show_names: true, leaderboard_size: 1 });
      const named = list(
        (await shown.c.asStudent.get(`/api/course/vlabs/${shown.vlab.id}/leaderboards`)).body,
      );
      // The top row, named, and their own (third) row.
      expect(named.map((row) => [row.attributes.rank, row.attributes.name])).toEqual([
        [1, shown.third.name],
        [3, shown.c.student.name],
      ]);
    });

    it('counts only the students of the course', async () => {
      const { c, vlab, third } = await scored({});
      await h.ds.query(`DELETE FROM class_students WHERE user_id = $1`, [third.id]);
      const board = list((await c.asLecturer.get(`/api/course/vlabs/${vlab.id}/leaderboards`)).body);
      expect(board.map((row) => row.attributes.user_id)).not.toContain(third.id);
      expect(board).toHaveLength(2);
    });
  });
});
