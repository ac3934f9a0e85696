import { EVERY_CAMPUS, InProcessTransport } from '@lms/events';
import { Projections } from '@lms/projections';
import { expectEventually, ServiceHarness } from '@lms/testing';
import { Activity } from '../../course/src/structure/activity.entity';
import { CourseModule } from '../../course/src/structure/module.entity';
import { CourseHarness } from '../../course/test/support/harness';
import { IdentityHarness } from '../../identity/test/support/harness';
import { examService } from '../src/service';

/**
 * A service deployed after the facts were published learns them: identity and course run on one
 * transport and hold a campus, its users, a course with staff, classes, students, modules and
 * activities; then the exam service starts for the first time and its projections fill from the
 * owners' answers to its `platform.snapshot.requested` — nobody touches a course.
 */
describe('backfill of a late-started service', () => {
  const transport = new InProcessTransport();
  const identity = new IdentityHarness({}, { transport });
  const course = new CourseHarness({}, { transport });
  const exam = new ServiceHarness(examService, {}, { transport });
  beforeAll(async () => {
    await identity.start();
    await course.start();
  });
  afterAll(async () => {
    await exam.stop();
    await course.stop();
    await identity.stop();
    await transport.close();
  });

  it("fills the exam service's projections from identity and course", async () => {
    const campus = await identity.campus({ domain: 'late.example' });
    const lecturer = await identity.user(campus.id, 'lecturer', { name: 'Dr. Late' });
    const assistant = await identity.user(campus.id, 'lecturer');
    const [first, second] = [
      await identity.user(campus.id, 'student', { nim: '2301' }),
      await identity.user(campus.id, 'student', { nim: '2302' }),
    ];
    const algorithms = await course.course(campus.id, lecturer.id, { name: 'Algorithms', code: 'IF101' });
    await course.assist(algorithms.id, assistant.id);
    const classA = await course.enrol(algorithms.id, campus.id, [first.id]);
    const classB = await course.enrol(algorithms.id, campus.id, [second.id]);
    const week = await course.ds
      .getRepository(CourseModule)
      .save({ courseId: algorithms.id, index: 0, name: 'Week 1' });
    const quiz = await course.ds
      .getRepository(Activity)
      .save({ moduleId: week.id, index: 0, name: 'Quiz', parentId: null });
    const courseEvents = async () =>
      (await course.events('course.course.upserted')).length +
      (await course.events('course.staff.changed')).length;
    expect(await courseEvents()).toBe(0); // written straight to its database: no event told anyone

    await exam.start();
    const projections = exam.app.get(Projections);
    const staff = { userId: lecturer.id, tenantId: campus.id };
    await expectEventually(async () => {
      expect(await projections.campusByHost('late.example')).toMatchObject({ id: campus.id });
      expect(await projections.course(campus.id, algorithms.id)).toMatchObject({
        name: 'Algorithms',
        code: 'IF101',
      });
      expect(
        (await projections.classesOfCourse(campus.id, algorithms.id)).map((row) => Number(row.id)),
      ).toEqual([classA.id, classB.id]);
      expect(await projections.canAuthor(staff, algorithms.id)).toBe(true);
      expect(await projections.canAuthor({ userId: assistant.id, tenantId: campus.id }, algorithms.id)).toBe(
        true,
      );
      expect(await projections.classesOf({ userId: second.id, tenantId: campus.id })).toEqual([classB.id]);
      expect(await projections.activity(algorithms.id, quiz.id)).toMatchObject({
        name: 'Quiz',
        moduleId: week.id,
      });
      expect(
        (await projections.users(campus.id, [lecturer.id, first.id, second.id])).map((user) => [
          user.name,
          user.nim,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ['Dr. Late', null],
          [first.name, '2301'],
          [second.name, '2302'],
        ]),
      );
    }, 20_000);

    // One request, for every campus; course answered it (and only it) with snapshots.
    const requests = await exam.events('platform.snapshot.requested');
    expect(requests.map((request) => request.tenantId)).toEqual([EVERY_CAMPUS]);
    expect(await course.events('course.course.upserted')).toHaveLength(1);
    expect(await course.events('course.structure.snapshotted')).toHaveLength(1);
  });
});
