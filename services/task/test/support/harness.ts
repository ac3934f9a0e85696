import type { TaskConfig } from '../../src/config';
import { taskService } from '../../src/service';
import { type HarnessOptions, type JsonResource, ServiceHarness } from '@lms/testing';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/** A JSON:API write body: `{data: {attributes}}`. */
export const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/**
 * The task service in the generic harness, with what it learns from identity and course made by
 * their events: a course with its staff, classes, students and structure (`course()`).
 */
export class TaskHarness extends ServiceHarness<TaskConfig> {
  constructor(env: Record<string, string> = {}, options: HarnessOptions = {}) {
    super(taskService, env, options);
  }

  /**
   * A course of the campus with a lecturer, an assistant, two classes (A with `student` and
   * `groupmate`, B with `classmate`), a module with an activity, and outsiders: a lecturer of the
   * campus who does not teach it, a student of the campus not in it, and a lecturer and a student
   * of another campus.
   */
  async course(tenantId = 1) {
    const lecturer = await this.given.user(tenantId, 'lecturer');
    const assistant = await this.given.user(tenantId, 'lecturer');
    const student = await this.given.user(tenantId, 'student');
    const groupmate = await this.given.user(tenantId, 'student');
    const classmate = await this.given.user(tenantId, 'student');
    const stranger = await this.given.user(tenantId, 'lecturer');
    const otherStudent = await this.given.user(tenantId, 'student');
    const elsewhere = await this.given.user(tenantId + 1, 'lecturer');
    const elsewhereStudent = await this.given.user(tenantId + 1, 'student');
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
    await this.given.enrolment(tenantId, { courseId: course.id, classId: classA, userId: student.id });
    await this.given.enrolment(tenantId, { courseId: course.id, classId: classA, userId: groupmate.id });
    await this.given.enrolment(tenantId, { courseId: course.id, classId: classB, userId: classmate.id });
    const moduleId = this.nextId();
    const activityId = this.nextId();
    await this.publish('course.structure.snapshotted', tenantId, {
      courseId: course.id,
      modules: [{ id: moduleId, name: 'Week 1', index: 0, isActive: true }],
      activities: [{ id: activityId, moduleId, parentId: null, name: 'Essay', index: 0, isActive: true }],
    });
    return {
      course,
      classA,
      classB,
      moduleId,
      activityId,
      lecturer,
      assistant,
      student,
      groupmate,
      classmate,
      stranger,
      otherStudent,
      elsewhere,
      elsewhereStudent,
      asLecturer: await this.as(lecturer),
      asAssistant: await this.as(assistant),
      asStudent: await this.as(student),
      asGroupmate: await this.as(groupmate),
      asClassmate: await this.as(classmate),
      asStranger: await this.as(stranger),
      asOtherStudent: await this.as(otherStudent),
      asElsewhere: await this.as(elsewhere),
      asElsewhereStudent: await this.as(elsewhereStudent),
    };
  }
}
