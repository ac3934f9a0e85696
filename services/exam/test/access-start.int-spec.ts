import { type ApiClient, mintToken } from '@lms/testing';
import { configKeyHash } from '../src/domain/seb';
import { ExamHarness, list, one } from './support/harness';

/** A wall-clock time in the test campus's zone (Asia/Jakarta, UTC+7), as the API reads dates. */
const wire = (time: number) => new Date(time + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const HOUR = 3600_000;

type Course = Awaited<ReturnType<ExamHarness['course']>>;

/**
 * The access checks of a start over HTTP, as the gateway and a client reach the exam service
 * (`GET /exam/exams/{id}/generate`): the client address only from the gateway (a spoofed
 * X-Forwarded-For counts for nothing), the Safe Exam Browser hash of the URL the browser asked
 * for, and the token's rules across attempts.
 */
describe('exam access at the start of an attempt', () => {
  // The test client is not a trusted proxy: only the gateway's token makes forwarding headers count.
  const h = new ExamHarness({ TRUSTED_PROXIES: 'none', ATTEMPT_SWEEP_INTERVAL_MS: '3600000' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** What the gateway adds to a request it forwards: the client it saw, the host and scheme, its proof. */
  const viaGateway = (client: string, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': client,
    'x-forwarded-host': 'campus.example.edu',
    'x-forwarded-proto': 'https',
    'x-gateway-token': h.internalToken,
    ...extra,
  });

  async function exam(c: Course, settings: Record<string, unknown> = {}) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Final',
      start_at: wire(Date.now() - HOUR),
      end_at: wire(Date.now() + HOUR),
      package: 1,
      is_published: true,
      ...settings,
    });
    expect(created.status).toBe(201);
    const examId = Number(one(created.body).id);
    const question = await c.asLecturer.post('/api/exam/questions', {
      exam_id: examId,
      package: 1,
      questions_type: 'multiple_choices',
      question: 'Which is prime?',
      answers: [
        { answer: 'Four', point: 0 },
        { answer: 'Seven', point: 1 },
      ],
    });
    expect(question.status).toBe(201);
    return examId;
  }

  const generate = (as: ApiClient, examId: number, headers: Record<string, string> = {}) =>
    as.get(`/api/exam/exams/${examId}/generate`, headers);
  const code = (response: { body: { errors?: Array<{ code?: string }> } }) => response.body.errors?.[0]?.code;
  const attempts = async (examId: number) =>
    Number((await h.ds.query(`SELECT count(*) FROM student_exams WHERE exam_id = $1`, [examId]))[0].count);

  it('believes the client address the gateway forwards, never one the client claims', async () => {
    const c = await h.course();
    const examId = await exam(c, {
      is_restricted_ip: true,
      ip_whitelists: ['10.9.8.0/24', '2001:db8:9::/48'],
    });

    // A client on the loopback sending its own X-Forwarded-For from the allowed range: refused.
    const spoofed = await generate(c.asStudent, examId, { 'x-forwarded-for': '10.9.8.7' });
    expect(spoofed.status).toBe(403);
    expect(code(spoofed)).toBe('ip_not_allowed');
    expect(spoofed.body.errors?.[0].detail).toContain('127.0.0.1');
    // Nor with a forged gateway token.
    const forged = await generate(c.asStudent, examId, {
      ...viaGateway('10.9.8.7'),
      'x-gateway-token': 'not-the-token',
    });
    expect(code(forged)).toBe('ip_not_allowed');
    // The gateway's own word for a client outside the list: refused, and the lobby says why.
    const outside = await generate(c.asStudent, examId, viaGateway('10.9.9.1'));
    expect(code(outside)).toBe('ip_not_allowed');
    const lobby = await c.asStudent.get(`/api/exam/exams/${examId}/take`, viaGateway('10.9.9.1'));
    expect(lobby.body.meta).toMatchObject({ can_start: false, reasons: [{ code: 'ip_not_allowed' }] });
    expect(await attempts(examId)).toBe(0);

    // The gateway's word for clients inside it, IPv4 and IPv6: they start.
    expect((await generate(c.asStudent, examId, viaGateway('10.9.8.7'))).status).toBe(200);
    expect((await generate(c.asClassmate, examId, viaGateway('2001:db8:9::5'))).status).toBe(200);
    // Rejoining is checked again: the same student from outside is refused.
    expect(code(await generate(c.asStudent, examId, viaGateway('192.0.2.1')))).toBe('ip_not_allowed');
    expect(await attempts(examId)).toBe(2);
  });

  it('counts the proctoring signals of a started attempt on the staff’s monitor', async () => {
    const c = await h.course();
    const examId = await exam(c);
    const started = one((await generate(c.asStudent, examId)).body);
    for (const kind of ['tab_hidden', 'online'])
      expect((await c.asStudent.post(`/api/exam/studentexams/${started.id}/signals`, { kind })).status).toBe(
        201,
      );
    const monitor = await c.asLecturer.get(`/api/exam/exams/${examId}/monitor`);
    expect(monitor.status).toBe(200);
    expect(list(monitor.body).map((row) => row.attributes.signals)).toEqual([2]);
  });

  it('starts in Safe Exam Browser only with the hash of the URL the browser asked for', async () => {
    const c = await h.course();
    const examId = await exam(c, { is_safe: true });
    const made = await c.asLecturer.get(`/api/exam/safe/${examId}/download`, viaGateway('10.0.0.1'));
    const key = String(made.headers['x-seb-config-key']);
    const path = `/api/exam/exams/${examId}/generate`;

    const without = await generate(c.asStudent, examId, viaGateway('10.0.0.2'));
    expect(without.status).toBe(403);
    expect(without.body.errors?.[0]).toMatchObject({
      code: 'safe_exam_browser_required',
      meta: { seb_download: `/api/exam/safe/${examId}/download` },
    });
    for (const url of [`http://campus.example.edu${path}`, `https://other.example.edu${path}`]) {
      const wrong = await generate(
        c.asStudent,
        examId,
        viaGateway('10.0.0.2', { 'x-safeexambrowser-configkeyhash': configKeyHash(url, key) }),
      );
      expect(code(wrong)).toBe('safe_exam_browser_required');
    }
    expect(await attempts(examId)).toBe(0);
    const right = await generate(
      c.asStudent,
      examId,
      viaGateway('10.0.0.2', {
        'x-safeexambrowser-configkeyhash': configKeyHash(`https://campus.example.edu${path}`, key),
      }),
    );
    expect(right.status).toBe(200);
    expect(await attempts(examId)).toBe(1);
  });

  it('needs a new token for a retry, and lets only the same sign-in back in without reconnect', async () => {
    const c = await h.course();
    const examId = await exam(c, { is_token: true, retry: 1 });
    const newToken = async () =>
      String(
        one(
          (await c.asLecturer.post('/api/exam/exams/token', { exam_id: examId, token_reconnect: false }))
            .body,
        ).attributes.token,
      );
    const token = await newToken();
    expect(code(await generate(c.asStudent, examId))).toBe('token_required');
    expect(
      (await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: examId, token })).status,
    ).toBe(200);
    const first = await generate(c.asStudent, examId);
    expect(first.status).toBe(200);
    // A reload in the same sign-in rejoins; another sign-in (another device) needs a new token.
    expect(one((await generate(c.asStudent, examId)).body).id).toBe(one(first.body).id);
    const phone = h.api.as(
      await mintToken(h.issuer, { userId: c.student.id, role: 'student', tenantId: 1, sessionId: 'phone' }),
    );
    expect(code(await generate(phone, examId))).toBe('token_used');
    expect(code(await phone.post('/api/exam/exams/token/validate', { exam_id: examId, token }))).toBe(
      'token_used',
    );

    const finished = await c.asStudent.post(`/api/v2/exam/finish/${one(first.body).id}`);
    expect(finished.status).toBeLessThan(300);
    // The retry: the used token starts nothing, a new one does.
    expect(code(await generate(c.asStudent, examId))).toBe('token_used');
    const fresh = await newToken();
    expect(
      (await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: examId, token: fresh })).status,
    ).toBe(200);
    const second = await generate(c.asStudent, examId);
    expect(second.status).toBe(200);
    expect(one(second.body).attributes.attempt).toBe(2);
  });
});
