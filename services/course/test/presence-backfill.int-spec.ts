import { InProcessTransport } from '@lms/events';
import { expectEventually } from '@lms/testing';
import { PresenceHarness } from '../../presence/test/support/harness';
import { CourseHarness } from './support/harness';

/**
 * Sessions sent before the course service consumed `presence.session.sent` reach its attendance
 * facts by backfill: the presence service holds them (written straight to its database, so no
 * event told anyone), then the course service starts for the first time and its
 * `platform.snapshot.requested` (topic `presence.session`) makes presence republish every sent one.
 */
describe('backfill of the sent presence sessions', () => {
  const transport = new InProcessTransport();
  const presence = new PresenceHarness({}, { transport });
  const course = new CourseHarness({}, { transport });
  beforeAll(() => presence.start());
  afterAll(async () => {
    await course.stop();
    await presence.stop();
    await transport.close();
  });

  it('fills the sent sessions and their marks from the presence service, not the unsent ones', async () => {
    const c = await presence.classroom(1);
    const insert = async (sentAt: string | null, marks: Array<[number, string]>) => {
      const [row]: Array<{ id: string }> = await presence.ds.query(
        `INSERT INTO presences (tenant_id, course_id, class_id, start_at, end_at, presence_start, presence_end,
                                check_in_code, is_sent, sent_at, created_by)
         VALUES (1, $1, $2, now() - interval '2 days', now() - interval '2 days' + interval '100 minutes',
                 now() - interval '2 days', now() - interval '2 days' + interval '15 minutes',
                 'ABCDEF', $3::timestamptz IS NOT NULL, $3::timestamptz, $4)
         RETURNING id`,
        [c.course.id, c.classA, sentAt, c.lecturer.id],
      );
      for (const [userId, type] of marks)
        await presence.ds.query(
          `INSERT INTO presence_details (presence_id, user_id, tenant_id, type, status, source, marked_by, marked_at)
           VALUES ($1, $2, 1, $3, $4, 'manual', $5, now())`,
          [row.id, userId, type, type === 'attend' ? 1 : 0, c.lecturer.id],
        );
      return Number(row.id);
    };
    const sent = await insert(new Date(Date.now() - 86_400_000).toISOString(), [
      [c.student.id, 'attend'],
      [c.deskmate.id, 'sick'],
    ]);
    await insert(null, [[c.student.id, 'absent']]); // not sent: not a fact of the gradebook yet

    await course.start();
    await expectEventually(async () => {
      expect(await course.ds.query(`SELECT id, course_id, class_id FROM presence_session_facts`)).toEqual([
        { id: sent, course_id: c.course.id, class_id: c.classA },
      ]);
      expect(
        await course.ds.query(`SELECT user_id, type FROM presence_session_marks ORDER BY user_id`),
      ).toEqual([
        { user_id: c.student.id, type: 'attend' },
        { user_id: c.deskmate.id, type: 'sick' },
      ]);
    }, 20_000);
  });
});
