import type { ApiClient, JsonDocument, JsonResource } from '@lms/testing';
import { body, MINUTE, one, PresenceHarness, windowSession } from './support/harness';

/** A student marks themselves present: the window, their class, the code, the throttle. */
describe('check-in', () => {
  const h = new PresenceHarness();
  let c: Awaited<ReturnType<PresenceHarness['classroom']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.classroom();
  });
  afterAll(() => h.stop());

  const session = (opensIn?: number, closesIn?: number) => windowSession(c, opensIn, closesIn);
  const checkIn = (as: ApiClient, id: string, code: unknown) =>
    as.post(`/api/presence/${id}/check-in`, body({ code }));
  const codeOf = (session: JsonResource) => session.attributes.check_in_code as string;

  it('marks a student of the class present with the code (any case, spaces) inside the window; again changes nothing', async () => {
    const created = await session();
    expect(created.attributes.is_open).toBe(true);
    const typed = `${codeOf(created).slice(0, 3).toLowerCase()} ${codeOf(created).slice(3)}`;
    const first = await checkIn(c.asStudent, created.id, typed);
    expect(first.status).toBe(200);
    expect(one(first.body).attributes.my_detail).toMatchObject({
      user_id: c.student.id,
      type: 'attend',
      status: 1,
      source: 'check_in',
    });
    const markedAt = (one(first.body).attributes.my_detail as { marked_at: string }).marked_at;
    const second = await checkIn(c.asStudent, created.id, codeOf(created));
    expect(second.status).toBe(200);
    expect(one(second.body).attributes.my_detail).toMatchObject({ type: 'attend', marked_at: markedAt });
    expect(
      await h.ds.query(`SELECT user_id, type, source FROM presence_details WHERE presence_id = $1`, [
        created.id,
      ]),
    ).toEqual([{ user_id: c.student.id, type: 'attend', source: 'check_in' }]);
  });

  it('refuses before and after the window, saying when', async () => {
    const early = await session(10 * MINUTE, 20 * MINUTE);
    const tooEarly = await checkIn(c.asStudent, early.id, codeOf(early));
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.errors?.[0]).toMatchObject({
      code: 'presence_not_open_yet',
      detail: expect.stringMatching(/^Check-in opens at /),
    });
    const late = await session(-30 * MINUTE, -MINUTE);
    const tooLate = await checkIn(c.asStudent, late.id, codeOf(late));
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.errors?.[0]).toMatchObject({ code: 'presence_closed' });
    expect(
      await h.ds.query(`SELECT 1 FROM presence_details WHERE presence_id = ANY($1::bigint[])`, [
        [early.id, late.id],
      ]),
    ).toEqual([]);
  });

  it('is for the students of the class only: another class or campus 404, staff 403', async () => {
    const created = await session();
    for (const outsider of [c.asClassmate, c.asElsewhereStudent, c.asStranger])
      expect((await checkIn(outsider, created.id, codeOf(created))).status).toBe(404);
    expect((await checkIn(c.asAssistant, created.id, codeOf(created))).status).toBe(403);
  });

  it('does not overwrite a mark the staff set, and is refused once the session is sent', async () => {
    const created = await session();
    await c.asLecturer.send<JsonDocument>(
      'PUT',
      `/api/course/presences/${created.id}/manual`,
      body({ action: 'update', user_id: c.student.id, type: 'sick' }),
    );
    const kept = await checkIn(c.asStudent, created.id, codeOf(created));
    expect(one(kept.body).attributes.my_detail).toMatchObject({ type: 'sick', source: 'manual' });
    await c.asLecturer.patch(`/api/presence/${created.id}`, body({ is_sent: 1 }));
    const refused = await checkIn(c.asDeskmate, created.id, codeOf(created));
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[0]).toMatchObject({ code: 'presence_sent' });
  });

  it('answers a wrong code with a 422, and after five wrong codes makes the student wait (429), even with the right one', async () => {
    const created = await session();
    for (let n = 0; n < 5; n += 1) {
      const wrong = await checkIn(c.asDeskmate, created.id, 'WRONG1');
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors?.[0]).toMatchObject({
        code: 'presence_code_wrong',
        source: { pointer: '/data/attributes/code' },
      });
    }
    const blocked = await checkIn(c.asDeskmate, created.id, 'WRONG1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await checkIn(c.asDeskmate, created.id, codeOf(created))).status).toBe(429);
    // another student is not held back by it
    expect((await checkIn(c.asStudent, created.id, codeOf(created))).status).toBe(200);
    const missing = await checkIn(c.asStudent, created.id, undefined);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ detail: 'code is required' }));
  });
});
