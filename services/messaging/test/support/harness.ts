import { type JsonResource, ServiceHarness } from '@lms/testing';
import type { MessagingConfig } from '../../src/config';
import { messagingService } from '../../src/service';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/** The campuses' hosts (a socket's handshake names its campus by host). */
export const HOSTS: Record<number, string> = { 1: 'campus-one.test', 2: 'campus-two.test' };

/**
 * The messaging service in the generic harness, with what it learns from identity and course by
 * their events (`classroom()`).
 */
export class MessagingHarness extends ServiceHarness<MessagingConfig> {
  constructor(env: Record<string, string> = {}) {
    super(messagingService, env);
  }

  /** Both test campuses, with their hosts. */
  async campuses() {
    await this.given.campus({ id: 1, domain: HOSTS[1] });
    await this.given.campus({ id: 2, domain: HOSTS[2] });
  }

  /**
   * A course with a lecturer and an assistant, class A (`student`, `deskmate`) and class B
   * (`classmate`); outsiders: a lecturer and a student of the campus not in it, a student of
   * another campus.
   */
  async classroom(tenantId = 1) {
    const lecturer = await this.given.user(tenantId, 'lecturer', { name: 'Dr. Lina' });
    const assistant = await this.given.user(tenantId, 'lecturer', { name: 'Asep' });
    const stranger = await this.given.user(tenantId, 'lecturer', { name: 'Dr. Other' });
    const student = await this.given.user(tenantId, 'student', { name: 'Ani' });
    const deskmate = await this.given.user(tenantId, 'student', { name: 'Budi' });
    const classmate = await this.given.user(tenantId, 'student', { name: 'Citra' });
    const outsider = await this.given.user(tenantId, 'student', { name: 'Dodi' });
    const elsewhere = await this.given.user(tenantId + 1, 'student', { name: 'Eka' });
    const [classA, classB] = [this.nextId(), this.nextId()];
    const course = await this.project('course.course.upserted', tenantId, {
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
    return {
      course,
      classA,
      lecturer,
      assistant,
      stranger,
      student,
      deskmate,
      classmate,
      outsider,
      elsewhere,
      asLecturer: await this.as(lecturer),
      asAssistant: await this.as(assistant),
      asStranger: await this.as(stranger),
      asStudent: await this.as(student),
      asDeskmate: await this.as(deskmate),
      asClassmate: await this.as(classmate),
      asOutsider: await this.as(outsider),
      asElsewhere: await this.as(elsewhere),
    };
  }
}
