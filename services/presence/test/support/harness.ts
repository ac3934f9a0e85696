import { formatWireDate } from '@lms/jsonapi';
import { type ApiClient, type JsonResource, ServiceHarness } from '@lms/testing';
import type { PresenceConfig } from '../../src/config';
import { presenceService } from '../../src/service';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/** A JSON:API write body: `{data: {attributes}}`. */
export const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/** The harness's tokens are of a campus in Asia/Jakarta: a wire date there, `offsetMs` from now. */
export const wire = (offsetMs: number) => formatWireDate(new Date(Date.now() + offsetMs), 'Asia/Jakarta');

export const MINUTE = 60_000;

/**
 * The presence service in the generic harness, with what it learns from identity and course by
 * their events (`classroom()`).
 */
export class PresenceHarness extends ServiceHarness<PresenceConfig> {
  constructor(env: Record<string, string> = {}) {
    super(presenceService, env);
  }

  /**
   * A course of period `periodId` with a lecturer and an assistant, class A (`student`,
   * `deskmate`) and class B (`classmate`), two modules (weeks); outsiders: a lecturer of the campus
   * who does not teach it, and a lecturer and a student of another campus.
   */
  async classroom(tenantId = 1, periodId = this.nextId()) {
    const [lecturer, assistant, stranger] = await Promise.all(
      [0, 1, 2].map(() => this.given.user(tenantId, 'lecturer')),
    );
    const student = await this.given.user(tenantId, 'student', { name: 'Ani', nim: '2301001' });
    const deskmate = await this.given.user(tenantId, 'student', { name: 'Budi', nim: '2301002' });
    const classmate = await this.given.user(tenantId, 'student', { name: 'Citra', nim: '2301003' });
    const elsewhere = await this.given.user(tenantId + 1, 'lecturer');
    const elsewhereStudent = await this.given.user(tenantId + 1, 'student');
    const [classA, classB] = [this.nextId(), this.nextId()];
    const course = await this.project('course.course.upserted', tenantId, {
      period: { id: periodId, name: '2026/2027 Ganjil', year: 2026, type: 'GANJIL' },
      classes: [
        { id: classA, name: 'A' },
        { id: classB, name: 'B' },
      ],
    });
    await this.given.staff(tenantId, {
      courseId: course.id,
      lecturerId: lecturer.id,
      assistants: [{ userId: assistant.id, isCoordinator: false }],
    });
    for (const [classId, user] of [
      [classA, student],
      [classA, deskmate],
      [classB, classmate],
    ] as const)
      await this.given.enrolment(tenantId, { courseId: course.id, classId, userId: user.id });
    const [week1, week2] = [this.nextId(), this.nextId()];
    await this.publish('course.structure.snapshotted', tenantId, {
      courseId: course.id,
      modules: [
        { id: week1, name: 'Week 1: sets', index: 0, isActive: true },
        { id: week2, name: 'Week 2: functions', index: 1, isActive: true },
      ],
      activities: [],
    });
    return {
      course,
      periodId,
      classA,
      classB,
      week1,
      week2,
      lecturer,
      assistant,
      student,
      deskmate,
      classmate,
      asLecturer: await this.as(lecturer),
      asAssistant: await this.as(assistant),
      asStranger: await this.as(stranger),
      asStudent: await this.as(student),
      asDeskmate: await this.as(deskmate),
      asClassmate: await this.as(classmate),
      asElsewhere: await this.as(elsewhere),
      asElsewhereStudent: await this.as(elsewhereStudent),
    };
  }
}

/**
 * A session of class A of `c`'s course made by its lecturer, its check-in window from `opensIn` to
 * `closesIn` (ms from now).
 */
export async function windowSession(
  c: { course: { id: number }; classA: number; asLecturer: ApiClient },
  opensIn = -5 * MINUTE,
  closesIn = 15 * MINUTE,
): Promise<JsonResource> {
  const response = await c.asLecturer.post(
    '/api/course/presences',
    body({
      course_id: c.course.id,
      class_id: c.classA,
      start_at: wire(-30 * MINUTE),
      end_at: wire(90 * MINUTE),
      presence_start: wire(opensIn),
      presence_end: wire(closesIn),
    }),
  );
  expect(response.status).toBe(201);
  return one(response.body);
}
