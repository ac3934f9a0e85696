import type { JsonDocument } from '@lms/testing';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { Content } from '../src/contents/content.entity';
import { CourseHarness, cast, list } from './support/harness';

describe('GET /api/completion/report', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /**
   * A course tracking completion with six contents: three that count, one in a hidden activity,
   * one the lecturer excluded and one archived (none of those three count). Students in two
   * classes: Budi did 2 of 3 (and the three that do not count), Citra all 3, Dewi 1, Adi none;
   * Eko (class B) 1.
   */
  async function setup() {
    const c = await cast(h);
    await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, { completion_tracking: true });
    const module = await h.ds
      .getRepository(CourseModule)
      .save({ courseId: c.course.id, name: 'Week 1', index: 0, isActive: true });
    const shown = await h.ds.getRepository(Activity).save({ moduleId: module.id, name: 'Read', index: 0 });
    const hidden = await h.ds
      .getRepository(Activity)
      .save({ moduleId: module.id, name: 'Draft', index: 1, isActive: false });
    const content = (name: string, activityId: number, extra: Partial<Content> = {}) =>
      h.ds.getRepository(Content).save({
        tenantId: 1,
        courseId: c.course.id,
        contentableType: 'activities' as const,
        contentableId: activityId,
        name,
        type: 'link' as const,
        content: 'https://example.org',
        ...extra,
      });
    const counting = [
      await content('A', shown.id),
      await content('B', shown.id),
      await content('C', shown.id),
    ];
    const inHidden = await content('Hidden', hidden.id);
    const excluded = await content('Optional', shown.id, { completionRequired: false });
    const archived = await content('Old', shown.id, { deletedAt: new Date() });

    const student = (name: string, nim: string) => h.given.user(1, 'student', { name, nim });
    const budi = await student('Budi Santoso', '2101');
    const citra = await student('Citra Dewi', '2102');
    const dewi = await student('Dewi Anggraini', '2103');
    const adi = await student('Adi Nugroho', '2104');
    const eko = await student('Eko Prasetyo', '2201');
    await h.ds.query(`UPDATE classes SET name = 'A' WHERE id = $1`, [c.courseClass.id]);
    await h.enrol(c.course.id, 1, [budi.id, citra.id, dewi.id, adi.id], c.courseClass);
    const classB = await h.courseClass(1, c.course.id, 'B');
    await h.enrol(c.course.id, 1, [eko.id], classB);
    const done = async (userId: number, contents: Content[]) => {
      for (const item of contents) {
        await h.ds.query(
          `INSERT INTO completions (tenant_id, course_id, user_id, completionable_type, completionable_id)
           VALUES (1, $1, $2, 'contents', $3)`,
          [c.course.id, userId, item.id],
        );
      }
    };
    await done(budi.id, [counting[0], counting[1], inHidden, excluded, archived]);
    await done(citra.id, counting);
    await done(dewi.id, [counting[2]]);
    await done(eko.id, [counting[0]]);
    const report = (query: string, client = c.asLecturer) =>
      client.get(`/api/completion/report?course_id=${c.course.id}${query}`);
    return { c, budi, citra, dewi, adi, eko, classB, counting, report };
  }

  const rows = (body: unknown) =>
    list(body as JsonDocument).map((row) => [
      row.attributes.name,
      row.attributes.completed,
      row.attributes.required,
      row.attributes.percentage,
    ]);

  it('gives every student, by name, their done and counting contents and percentage', async () => {
    const { c, report, budi } = await setup();
    const response = await report('&limit=10');
    expect(response.status).toBe(200);
    // The cast's own student (done nothing) is in class A too.
    const named = rows(response.body).filter(([name]) => name !== c.student.name);
    expect(named).toEqual([
      ['Adi Nugroho', 0, 3, 0],
      ['Budi Santoso', 2, 3, 66.67],
      ['Citra Dewi', 3, 3, 100],
      ['Dewi Anggraini', 1, 3, 33.33],
      ['Eko Prasetyo', 1, 3, 33.33],
    ]);
    const budiRow = list(response.body).find((row) => row.id === String(budi.id))!;
    expect(budiRow).toMatchObject({
      type: 'completion-reports',
      attributes: { user_id: budi.id, nim: '2101', class_name: 'A' },
    });
    const meta = (response.body as JsonDocument).meta as Record<string, unknown>;
    expect(meta).toMatchObject({ total: 6, limit: 10, offset: 0, required: 3, completion_tracking: true });
    // 0 %: Adi and the cast's student; 33.33 %: Dewi and Eko; 66.67 %: Budi; 100 %: Citra.
    expect(meta.distribution).toEqual([2, 0, 0, 2, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('filters by class and by name or student number, and pages with the total', async () => {
    const { report, classB } = await setup();
    const ofB = await report(`&class_id=${classB.id}`);
    expect(rows(ofB.body)).toEqual([['Eko Prasetyo', 1, 3, 33.33]]);
    expect((ofB.body as JsonDocument).meta).toMatchObject({
      total: 1,
      distribution: [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    });

    const byName = await report('&student_name=dew');
    expect(rows(byName.body).map(([name]) => name)).toEqual(['Citra Dewi', 'Dewi Anggraini']);
    const byNim = await report('&student_name=2201');
    expect(rows(byNim.body).map(([name]) => name)).toEqual(['Eko Prasetyo']);
    // LIKE wildcards are searched for as themselves.
    expect(list((await report('&student_name=%25')).body)).toEqual([]);

    const page = await report('&student_name=o&limit=2&offset=1');
    // Adi Nugroho, Budi Santoso, Eko Prasetyo match "o"; the second page of two starts at Budi.
    expect(rows(page.body).map(([name]) => name)).toEqual(['Budi Santoso', 'Eko Prasetyo']);
    expect((page.body as JsonDocument).meta).toMatchObject({ total: 3, limit: 2, offset: 1 });
    const beyond = await report('&limit=2&offset=50');
    expect(list(beyond.body)).toEqual([]);
    expect((beyond.body as JsonDocument).meta).toMatchObject({ total: 6, offset: 50 });
    const pageStyle = await report('&page[limit]=1&page[offset]=0');
    expect(list(pageStyle.body)).toHaveLength(1);
  });

  it('stops counting a content the lecturer excludes, in done and counting alike', async () => {
    const { c, report, counting } = await setup();
    await c.asLecturer.patch(`/api/course/contents/${counting[2].id}`, { completion_required: false });
    const response = await report('&student_name=Citra');
    expect(rows(response.body)).toEqual([['Citra Dewi', 2, 2, 100]]);
  });

  it('reports 0 % for everyone when no content counts', async () => {
    const c = await cast(h);
    const response = await c.asLecturer.get(`/api/completion/report?course_id=${c.course.id}`);
    expect(response.status).toBe(200);
    expect(rows(response.body)).toEqual([[c.student.name, 0, 0, 0]]);
    expect((response.body as JsonDocument).meta).toMatchObject({
      required: 0,
      completion_tracking: false,
      distribution: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
  });

  it('is for those who teach the course: a student or another campus gets 404', async () => {
    const { c, report } = await setup();
    expect((await report('', c.asAssistant)).status).toBe(200);
    expect((await report('', c.asStudent)).status).toBe(404);
    expect((await report('', c.asStranger)).status).toBe(404);
    expect((await report('', c.asOutsider)).status).toBe(404);
  });

  it('answers 400 naming the parameter for a missing or malformed one', async () => {
    const { c } = await setup();
    const missing = await c.asLecturer.get('/api/completion/report');
    expect(missing.status).toBe(400);
    expect((missing.body as { errors: Array<{ source: unknown }> }).errors[0].source).toEqual({
      parameter: 'course_id',
    });
    const badClass = await c.asLecturer.get(`/api/completion/report?course_id=${c.course.id}&class_id=x`);
    expect(badClass.status).toBe(400);
    const badLimit = await c.asLecturer.get(`/api/completion/report?course_id=${c.course.id}&limit=-5`);
    expect(badLimit.status).toBe(400);
  });
});
