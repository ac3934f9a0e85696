import { InProcessTransport } from '@lms/events';
import { expectEventually } from '@lms/testing';
import { CourseHarness } from '../../course/test/support/harness';
import { TaskHarness } from './support/harness';

/**
 * Sets of groups made before the task service consumed `course.groups` reach its group sets
 * projection by backfill: the course service holds them (written straight to its database, so no
 * event told anyone), then the task service starts for the first time and its
 * `platform.snapshot.requested` makes the course service republish them.
 */
describe('backfill of the group sets projection', () => {
  const transport = new InProcessTransport();
  const course = new CourseHarness({}, { transport });
  const task = new TaskHarness({}, { transport });
  beforeAll(() => course.start());
  afterAll(async () => {
    await task.stop();
    await course.stop();
    await transport.close();
  });

  it('fills the sets of every course from the course service', async () => {
    const c = await course.course(1, null, { name: 'Databases' });
    const group = async (type: string, name: string, members: Array<[number, boolean]>) => {
      const [row]: Array<{ id: number }> = await course.ds.query(
        `INSERT INTO course_groups (tenant_id, course_id, type, name) VALUES (1, $1, $2, $3) RETURNING id`,
        [c.id, type, name],
      );
      for (const [userId, isLeader] of members)
        await course.ds.query(
          `INSERT INTO course_group_members (group_id, course_id, type, user_id, is_leader) VALUES ($1, $2, $3, $4, $5)`,
          [row.id, c.id, type, userId, isLeader],
        );
      return Number(row.id);
    };
    const one = await group('Project teams', 'Team 1', [
      [501, true],
      [502, false],
    ]);
    const two = await group('Project teams', 'Team 2', [[503, true]]);
    const lab = await group('Lab pairs', 'Pair A', []);

    await task.start();
    await expectEventually(async () => {
      expect(
        await task.ds.query(`SELECT course_id, type, groups FROM course_group_sets ORDER BY type`),
      ).toEqual([
        { course_id: c.id, type: 'Lab pairs', groups: [{ id: lab, name: 'Pair A', members: [] }] },
        {
          course_id: c.id,
          type: 'Project teams',
          groups: [
            {
              id: one,
              name: 'Team 1',
              members: [
                { userId: 501, isLeader: true },
                { userId: 502, isLeader: false },
              ],
            },
            { id: two, name: 'Team 2', members: [{ userId: 503, isLeader: true }] },
          ],
        },
      ]);
    }, 20_000);
  });
});
