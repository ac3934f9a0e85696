import type { FastifyRequest } from 'fastify';
import type { JsonApiException } from '@lms/jsonapi';
import { ExamAccessService, TOKEN_GUESS_CAP } from '../src/access/access.service';
import { configKey, configKeyHash, parsePlist } from '../src/domain/seb';
import { Exam } from '../src/exams/exam.entity';
import { ExamHarness, one } from './support/harness';

type Course = Awaited<ReturnType<ExamHarness['course']>>;

/**
 * Who may start an exam (spec 02 §3 is_token, is_restricted_ip, is_safe; issue 13): the token
 * validation API and `ExamAccessService.assertMayStart`, which the start of an attempt calls.
 */
describe('exam access', () => {
  const h = new ExamHarness({ TRUSTED_PROXIES: 'none' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  const access = () => h.app.get(ExamAccessService);

  async function exam(c: Course, settings: Record<string, unknown> = {}) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Final',
      start_at: '2020-01-01 08:00:00',
      end_at: '2099-01-01 08:00:00',
      package: 1,
      is_published: true,
      ...settings,
    });
    expect(created.status).toBe(201);
    return Number(one(created.body).id);
  }

  async function makeToken(c: Course, examId: number, settings: Record<string, unknown> = {}) {
    const made = await c.asLecturer.post('/api/exam/exams/token', { exam_id: examId, ...settings });
    expect(made.status).toBe(201);
    return String(one(made.body).attributes.token);
  }

  const load = (examId: number) => h.ds.manager.findOneByOrFail(Exam, { id: examId });

  /** A request as the service's HTTP layer hands it over (forwarding headers already vetted). */
  function request(
    options: { address?: string; headers?: Record<string, string>; url?: string; session?: string } = {},
  ) {
    const headers = { host: 'exams.example.edu', ...options.headers };
    return {
      raw: { headers, socket: { remoteAddress: options.address ?? '10.0.0.5' } },
      headers,
      protocol: 'https',
      url: options.url ?? '/api/exam/exams/1/generate',
      auth: { sessionId: options.session ?? 'session-1' },
    } as unknown as FastifyRequest;
  }

  /** What the start of an attempt does: the check in its transaction, then a new attempt unless one runs. */
  async function start(examId: number, studentId: number, from: FastifyRequest) {
    const examRow = await load(examId);
    await h.ds.transaction(async (manager) => {
      await access().assertMayStart(examRow, studentId, from, manager);
      await manager.query(
        `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at, end_at)
         SELECT 1, $1, $2, count(*) + 1, 1, now(), now() + interval '1 hour' FROM student_exams
         WHERE exam_id = $1 AND student_id = $2
         HAVING bool_and(is_finished OR is_stopped) IS NOT FALSE`,
        [examId, studentId],
      );
    });
  }

  const finish = (examId: number, studentId: number) =>
    h.ds.query(`UPDATE student_exams SET is_finished = true WHERE exam_id = $1 AND student_id = $2`, [
      examId,
      studentId,
    ]);

  async function refusal(promise: Promise<unknown>) {
    const error = (await promise.then(
      () => undefined,
      (e: unknown) => e,
    )) as JsonApiException | undefined;
    if (!error) return undefined;
    expect(error.getStatus()).toBe(403);
    return error.errors[0];
  }

  const codes = (response: { body: { errors?: Array<{ code?: string }> } }) =>
    response.body.errors?.map((e) => e.code);

  describe('token validation', () => {
    it('grants the exam token to a student of the exam, as typed in any case and with spaces', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id, { token_duration: 30 });
      const granted = await c.asStudent.post('/api/exam/exams/token/validate', {
        exam_id: id,
        token: ` ${token.toLowerCase()} `,
      });
      expect(granted.status).toBe(200);
      expect(one(granted.body)).toMatchObject({
        type: 'exam-token-grants',
        attributes: { exam_id: id, used_at: null },
      });
      const until = Date.parse(String(one(granted.body).attributes.valid_until).replace(' ', 'T'));
      expect(until).toBeGreaterThan(Date.now() - 24 * 3600_000);
      const [row] = await h.ds.query(
        `SELECT token_hash FROM exam_token_grants WHERE exam_id = $1 AND student_id = $2`,
        [id, c.student.id],
      );
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
      // Validating again is harmless: the same grant.
      const again = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      expect(one(again.body).id).toBe(one(granted.body).id);
    });

    it('refuses a wrong token with the tries left, and past the cap any token until a new one is made', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id);
      for (let i = 1; i < TOKEN_GUESS_CAP; i++) {
        const wrong = await c.asStudent.post('/api/exam/exams/token/validate', {
          exam_id: id,
          token: 'WRONG1',
        });
        expect(wrong.status).toBe(403);
        expect(wrong.body.errors?.[0]).toMatchObject({
          code: 'token_wrong',
          meta: { tries_left: TOKEN_GUESS_CAP - i },
        });
      }
      const last = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: 'WRONG1' });
      expect(codes(last)).toEqual(['too_many_guesses']);
      expect(last.body.errors?.[0].detail).toMatch(/invigilator/);
      // Even the right token is refused now; the classmate's own count is untouched.
      const right = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      expect(codes(right)).toEqual(['too_many_guesses']);
      const classmate = await c.asClassmate.post('/api/exam/exams/token/validate', { exam_id: id, token });
      expect(classmate.status).toBe(200);
      // A new token from the lecturer starts the count over.
      const fresh = await makeToken(c, id);
      const retry = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: fresh });
      expect(retry.status).toBe(200);
    });

    it('counts guesses sent at once one by one: never more than the cap get through', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      await makeToken(c, id);
      const answers = await Promise.all(
        Array.from({ length: TOKEN_GUESS_CAP + 5 }, (_, i) =>
          c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: `GUESS${i}` }),
        ),
      );
      expect(answers.filter((a) => codes(a)?.[0] === 'token_wrong')).toHaveLength(TOKEN_GUESS_CAP - 1);
      expect(answers.filter((a) => codes(a)?.[0] === 'too_many_guesses')).toHaveLength(6);
      const [row] = await h.ds.query(`SELECT wrong FROM exam_token_guesses WHERE exam_id = $1`, [id]);
      expect(row.wrong).toBe(TOKEN_GUESS_CAP);
    });

    it('refuses an expired token without counting it as a guess', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id);
      await h.ds.query(`UPDATE exams SET token_expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
      const expired = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      expect(expired.status).toBe(403);
      expect(codes(expired)).toEqual(['token_expired']);
      const [row] = await h.ds.query(`SELECT wrong FROM exam_token_guesses WHERE exam_id = $1`, [id]);
      expect(row.wrong).toBe(0);
    });

    it('refuses a token that already started an attempt, unless the exam allows reconnecting', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id, { token_reconnect: false });
      expect((await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token })).status).toBe(
        200,
      );
      await start(id, c.student.id, request({ session: 'laptop' }));
      // Another sign-in (another device) cannot come back in with the same token …
      const reused = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      expect(codes(reused)).toEqual(['token_used']);
      expect(reused.body.errors?.[0].detail).toMatch(/new token/);
      // … a new token lets them in again.
      const fresh = await makeToken(c, id, { token_reconnect: false });
      expect(
        (await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: fresh })).status,
      ).toBe(200);
      await start(id, c.student.id, request({ session: 'phone' }));
      expect(
        codes(await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: fresh })),
      ).toEqual(['token_used']);
      // With reconnecting allowed, the used token is accepted again.
      await h.ds.query(`UPDATE exams SET token_reconnect = true WHERE id = $1`, [id]);
      const rejoin = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: fresh });
      expect(rejoin.status).toBe(200);
      expect(one(rejoin.body).attributes.used_at).not.toBeNull();
    });

    it('answers 404 for an exam the student cannot take, 422 for one without a token, 403 to staff', async () => {
      const c = await h.course();
      const unpublished = await exam(c, { is_token: true, is_published: false });
      const open = await exam(c, { is_token: false });
      const forClassB = await exam(c, { is_token: true, class_ids: [c.classB] });
      for (const id of [unpublished, forClassB, 999_999]) {
        const response = await c.asStudent.post('/api/exam/exams/token/validate', {
          exam_id: id,
          token: 'ABCDEF',
        });
        expect(response.status).toBe(404);
      }
      expect(
        (await c.asOtherStudent.post('/api/exam/exams/token/validate', { exam_id: open, token: 'X' })).status,
      ).toBe(404);
      const noToken = await c.asStudent.post('/api/exam/exams/token/validate', {
        exam_id: open,
        token: 'ABCDEF',
      });
      expect(noToken.status).toBe(422);
      expect(noToken.body.errors?.[0].source?.pointer).toBe('/data/attributes/exam_id');
      const bad = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: 'x', token: '' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.map((e) => e.source?.pointer).sort()).toEqual([
        '/data/attributes/exam_id',
        '/data/attributes/token',
      ]);
      expect(
        (await c.asLecturer.post('/api/exam/exams/token/validate', { exam_id: open, token: 'A' })).status,
      ).toBe(403);
    });
  });

  describe('assertMayStart', () => {
    it('lets a student start an exam without token, IP or Safe Exam Browser rules from anywhere', async () => {
      const c = await h.course();
      const id = await exam(c);
      await expect(access().assertMayStart(await load(id), c.student.id, request())).resolves.toBeUndefined();
      expect(await access().check(await load(id), c.student.id, request())).toEqual({
        needsToken: false,
        tokenValidated: false,
        isSafe: false,
        refusals: [],
      });
    });

    it('needs a token grant, uses it for the start, and lets the same sign-in back in', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id);
      expect(await refusal(access().assertMayStart(await load(id), c.student.id, request()))).toMatchObject({
        code: 'token_required',
        detail: expect.stringMatching(/token your invigilator gives you/),
      });
      await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      const state = await access().check(await load(id), c.student.id, request());
      expect(state).toMatchObject({ needsToken: true, tokenValidated: true, refusals: [] });
      await start(id, c.student.id, request({ session: 'laptop' }));
      const [grant] = await h.ds.query(
        `SELECT used_at, used_session FROM exam_token_grants WHERE exam_id = $1`,
        [id],
      );
      expect(grant.used_at).not.toBeNull();
      expect(grant.used_session).toBe('laptop');
      // A reload or a double click (same sign-in) gets back in; another sign-in does not.
      await start(id, c.student.id, request({ session: 'laptop' }));
      expect(
        await refusal(access().assertMayStart(await load(id), c.student.id, request({ session: 'phone' }))),
      ).toMatchObject({ code: 'token_used' });
      // The classmate has no grant of their own.
      expect(await refusal(access().assertMayStart(await load(id), c.classmate.id, request()))).toMatchObject(
        {
          code: 'token_required',
        },
      );
    });

    it('lets a double click through once: starts sent at once wait for the first and rejoin it', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id, { token_reconnect: false });
      await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => start(id, c.student.id, request({ session: 'laptop' }))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
      const [{ count }] = await h.ds.query(
        `SELECT count(*)::int AS count FROM student_exams WHERE exam_id = $1`,
        [id],
      );
      expect(count).toBe(1);
    });

    it('never starts a second attempt with a used token, even when reconnecting is allowed', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true, retry: 1 });
      const token = await makeToken(c, id, { token_reconnect: true });
      await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      await start(id, c.student.id, request({ session: 'laptop' }));
      // While the attempt runs, any sign-in rejoins it (token_reconnect).
      await start(id, c.student.id, request({ session: 'phone' }));
      await finish(id, c.student.id);
      // The retry needs a new token: the used one is refused at the start and by validation.
      expect(await refusal(start(id, c.student.id, request({ session: 'laptop' })))).toMatchObject({
        code: 'token_used',
      });
      const again = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      expect(codes(again)).toEqual(['token_used']);
      const fresh = await makeToken(c, id, { token_reconnect: true });
      expect(
        (await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token: fresh })).status,
      ).toBe(200);
      await start(id, c.student.id, request({ session: 'laptop' }));
      const attempts = await h.ds.query(
        `SELECT attempt FROM student_exams WHERE exam_id = $1 AND student_id = $2 ORDER BY attempt`,
        [id, c.student.id],
      );
      expect(attempts.map((row: { attempt: number }) => row.attempt)).toEqual([1, 2]);
    });

    it('refuses a grant whose token expired before the start, and one of a replaced token', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id);
      await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      await c.asClassmate.post('/api/exam/exams/token/validate', { exam_id: id, token });
      await h.ds.query(
        `UPDATE exam_token_grants SET valid_until = now() - interval '1 second' WHERE student_id = $1`,
        [c.student.id],
      );
      expect(await refusal(access().assertMayStart(await load(id), c.student.id, request()))).toMatchObject({
        code: 'token_expired',
      });
      await makeToken(c, id);
      expect(await refusal(access().assertMayStart(await load(id), c.classmate.id, request()))).toMatchObject(
        {
          code: 'token_required',
        },
      );
    });

    it('leaves the grant unused when the start that checked it is rolled back', async () => {
      const c = await h.course();
      const id = await exam(c, { is_token: true });
      const token = await makeToken(c, id);
      await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: id, token });
      const examRow = await load(id);
      await expect(
        h.ds.transaction(async (manager) => {
          await access().assertMayStart(examRow, c.student.id, request({ session: 'a' }), manager);
          throw new Error('the start failed');
        }),
      ).rejects.toThrow('the start failed');
      const [grant] = await h.ds.query(`SELECT used_at FROM exam_token_grants WHERE exam_id = $1`, [id]);
      expect(grant.used_at).toBeNull();
      await access().assertMayStart(examRow, c.student.id, request({ session: 'b' }));
    });

    it('checks the client address against the allow-list, IPv4 and IPv6', async () => {
      const c = await h.course();
      const id = await exam(c, {
        is_restricted_ip: true,
        ip_whitelists: ['10.20.0.0/16', '2001:db8:5::/48', '192.0.2.7'],
      });
      const examRow = await load(id);
      for (const address of ['10.20.3.4', '::ffff:10.20.9.9', '2001:db8:5:1::9', '192.0.2.7'])
        await access().assertMayStart(examRow, c.student.id, request({ address }));
      for (const address of ['10.21.0.1', '2001:db8:6::1', '192.0.2.8', '127.0.0.1']) {
        const refused = await refusal(access().assertMayStart(examRow, c.student.id, request({ address })));
        expect(refused).toMatchObject({ code: 'ip_not_allowed', meta: { client_address: address } });
        expect(refused?.detail).toContain(address);
      }
    });

    it('accepts Safe Exam Browser with the exam’s Config Key only, for the request or its page', async () => {
      const c = await h.course();
      const id = await exam(c, { is_safe: true });
      const examRow = await load(id);
      const notYet = await refusal(access().assertMayStart(examRow, c.student.id, request()));
      expect(notYet).toMatchObject({
        code: 'safe_exam_browser_required',
        detail: expect.stringMatching(/lecturer/),
      });

      expect((await c.asStudent.get(`/api/exam/safe/${id}/download`)).status).toBe(404);
      const download = await c.asLecturer.get(`/api/exam/safe/${id}/download`, { host: 'exams.example.edu' });
      expect(download.status).toBe(200);
      const key = String(download.headers['x-seb-config-key']);
      // The refusal's hint works for students: they get the file their lecturer made, whatever host they use.
      const own = await c.asStudent.get<string>(`/api/exam/safe/${id}/download`, {
        host: 'other.example.edu',
      });
      expect(own.status).toBe(200);
      expect(own.headers['content-type']).toMatch(/application\/seb/);
      expect(configKey(parsePlist(own.body))).toBe(key);
      expect(parsePlist(own.body).startURL).toBe(`http://exams.example.edu/exam/${id}/start`);
      const [kept] = await h.ds.query(`SELECT config_key FROM exam_seb_configs WHERE exam_id = $1`, [id]);
      expect(kept.config_key).toBe(key);
      expect((await c.asClassmate.get(`/api/exam/safe/${id}/download`)).status).toBe(200);
      expect((await c.asOtherStudent.get(`/api/exam/safe/${id}/download`)).status).toBe(404);
      expect((await c.asStudent.get(`/api/exam/safe/${id}`)).status).toBe(403);
      const url = `/api/exam/exams/${id}/generate`;
      const hash = configKeyHash(`https://exams.example.edu${url}`, key);
      const sent = (headers: Record<string, string>) => request({ url, headers });

      await access().assertMayStart(examRow, c.student.id, sent({ 'x-safeexambrowser-configkeyhash': hash }));
      const missing = await refusal(access().assertMayStart(examRow, c.student.id, sent({})));
      expect(missing).toMatchObject({
        code: 'safe_exam_browser_required',
        meta: { seb_download: `/api/exam/safe/${id}/download` },
      });
      for (const wrong of [
        configKeyHash(`https://exams.example.edu${url}?x=1`, key),
        configKeyHash(`https://elsewhere.example.edu${url}`, key),
        configKeyHash(
          `https://exams.example.edu${url}`,
          key.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a')),
        ),
        key,
      ]) {
        const refused = await refusal(
          access().assertMayStart(examRow, c.student.id, sent({ 'x-safeexambrowser-configkeyhash': wrong })),
        );
        expect(refused).toMatchObject({
          code: 'safe_exam_browser_required',
          detail: expect.stringMatching(/another configuration/),
        });
      }
      // From SEB's JavaScript API: the hash of the page, on the same origin only.
      const page = `https://exams.example.edu/exam/${id}/start`;
      await access().assertMayStart(
        examRow,
        c.student.id,
        sent({
          'x-safeexambrowser-configkeyhash': configKeyHash(page, key),
          'x-safeexambrowser-pageurl': page,
        }),
      );
      const foreign = `https://evil.example.com/exam/${id}/start`;
      expect(
        await refusal(
          access().assertMayStart(
            examRow,
            c.student.id,
            sent({
              'x-safeexambrowser-configkeyhash': configKeyHash(foreign, key),
              'x-safeexambrowser-pageurl': foreign,
            }),
          ),
        ),
      ).toMatchObject({ code: 'safe_exam_browser_required' });
    });

    it('lists every refusal for the lobby, in the order the start refuses them', async () => {
      const c = await h.course();
      const id = await exam(c, {
        is_token: true,
        is_safe: true,
        is_restricted_ip: true,
        ip_whitelists: ['10.9.0.0/16'],
      });
      await makeToken(c, id);
      const state = await access().check(await load(id), c.student.id, request({ address: '10.8.0.1' }));
      expect(state).toMatchObject({ needsToken: true, tokenValidated: false, isSafe: true });
      expect(state.refusals.map((r) => r.code)).toEqual([
        'ip_not_allowed',
        'safe_exam_browser_required',
        'token_required',
      ]);
      expect(
        await refusal(
          access().assertMayStart(await load(id), c.student.id, request({ address: '10.8.0.1' })),
        ),
      ).toMatchObject({
        code: 'ip_not_allowed',
      });
    });
  });
});
