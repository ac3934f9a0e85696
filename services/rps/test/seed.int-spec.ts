import type { ProjectedUser } from '@lms/testing';
import { seedRpsDemo } from '../src';
import { list, one, RpsHarness } from './support/harness';

describe('demo rps seed', () => {
  const h = new RpsHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('waits for IF101, then makes its approved plan (public), a draft and a course plan, once', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['admin', 'admin'],
      ['kaprodi', 'lecturer'],
    ] as const)
      users[username] = await h.given.user(7, role, { username });
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    await expect(seedRpsDemo(h.app, 7)).rejects.toThrow(/IF101/);

    const course = await h.project('course.course.upserted', 7, { code: 'IF101' });
    await h.given.staff(7, { courseId: course.id, lecturerId: users.lecturer.id, assistants: [] });
    expect(await seedRpsDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedRpsDemo(h.app, 7)).toEqual({ created: false });

    const shown = await h.api.at('demo.example.ac.id').get('/api/rps-public?code=IF101&curriculum=2024');
    expect(one(shown.body).attributes).toMatchObject({ status: 'approved', code: 'IF101' });
    expect(one(shown.body).attributes.weeks).toHaveLength(16);
    const asKaprodi = await h.as(users.kaprodi);
    expect(
      list((await asKaprodi.get('/api/rps/v1/approvers')).body).map((a) => a.attributes.username),
    ).toEqual(['kaprodi']);
    expect(
      (await h.api.at('demo.example.ac.id').get('/api/rps-public?code=IF101&curriculum=2025')).status,
    ).toBe(404);

    const asLecturer = await h.as(users.lecturer);
    const plans = list((await asLecturer.get('/api/rps/v1/rps/list')).body);
    expect(plans.map((plan) => [plan.attributes.curriculum, plan.attributes.status])).toEqual(
      expect.arrayContaining([
        ['2024', 'approved'],
        ['2025', 'draft'],
      ]),
    );
    const active = one((await asLecturer.get('/api/plan/courseplans/IF101/active')).body);
    const stages = list(
      (await asLecturer.get(`/api/plan/courseplanstages?course_plan_id=${active.id}`)).body,
    );
    expect(stages.map((stage) => stage.attributes.index)).toEqual([0, 1, 2]);
  });
});
