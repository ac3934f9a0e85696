import { randomUUID } from 'node:crypto';
import type { CourseConfig } from '../../src/config';
import type { EventDataMap } from '@lms/events';
import { type HarnessOptions, ServiceHarness, type JsonResource } from '@lms/testing';
import { courseService } from '../../src/service';
import { CourseFile } from '../../src/contents/course-file.entity';
import { ClassStudent } from '../../src/courses/class-student.entity';
import { CourseAssistant } from '../../src/courses/course-assistant.entity';
import { CourseClass } from '../../src/courses/course-class.entity';
import { Course } from '../../src/courses/course.entity';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/**
 * The course service in the generic harness (`@lms/testing`), plus factories for the course's own
 * rows: courses, classes and their students, assistants. Users and campuses come from identity's
 * events: `h.given.user(…)`, `h.given.campus(…)`.
 */
const DAY = 86_400_000;
/** An instant `days` from now (ISO 8601), as events carry it. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export class CourseHarness extends ServiceHarness<CourseConfig> {
  constructor(env: Record<string, string> = {}, options: HarnessOptions = {}) {
    super(courseService, env, options);
  }

  /** An exam of campus 1 as the exam service announces it: published, for every class, open from yesterday for five days. */
  openExam(courseId: number, overrides: Partial<EventDataMap['exam.exam.upserted']> = {}) {
    return this.project('exam.exam.upserted', 1, {
      courseId,
      startAt: inDays(-1),
      endAt: inDays(5),
      isPublished: true,
      isFinished: false,
      classIds: [],
      ...overrides,
    });
  }

  /** A task of campus 1 as the task service announces it: active, for every class, open from yesterday for five days. */
  openTask(courseId: number, overrides: Partial<EventDataMap['task.task.upserted']> = {}) {
    return this.project('task.task.upserted', 1, {
      courseId,
      startAt: inDays(-1),
      endAt: inDays(5),
      isActive: true,
      allClass: true,
      classIds: [],
      deleted: false,
      ...overrides,
    });
  }

  course(tenantId: number, lecturerId: number | null, overrides: Partial<Course> = {}) {
    return this.ds
      .getRepository(Course)
      .save({ tenantId, lecturerId, name: 'Course', code: null, ...overrides });
  }

  courseClass(tenantId: number, courseId: number, name = `Class ${courseId}`) {
    return this.ds.getRepository(CourseClass).save({ tenantId, courseId, name });
  }

  /** Puts students into a (new, unless given) class of the course; returns the class. */
  async enrol(courseId: number, tenantId: number, studentIds: number[], existing?: CourseClass) {
    const courseClass = existing ?? (await this.courseClass(tenantId, courseId));
    if (studentIds.length > 0) {
      await this.ds
        .getRepository(ClassStudent)
        .insert(studentIds.map((userId) => ({ classId: courseClass.id, userId })));
    }
    return courseClass;
  }

  assist(courseId: number, userId: number, isCoordinator = false) {
    return this.ds.getRepository(CourseAssistant).insert({ courseId, userId, isCoordinator });
  }

  /**
   * Records a file as uploaded to the course by the user (what `POST contents/upload` records
   * after storing the bytes), without storing bytes; returns its key.
   */
  async uploaded(courseId: number, userId: number, facts = { size: 100, mime: 'application/pdf' }) {
    const [course]: Array<{ tenant_id: number }> = await this.ds.query(
      `SELECT tenant_id FROM courses WHERE id = $1`,
      [courseId],
    );
    const blobKey = `course/${course.tenant_id}/${courseId}/${randomUUID()}`;
    await this.ds.getRepository(CourseFile).insert({
      blobKey,
      courseId,
      tenantId: course.tenant_id,
      addedBy: userId,
      origin: 'upload',
      ...facts,
    });
    return blobKey;
  }
}

/** A typical cast: a course of campus 1 with its lecturer, an assistant, an enrolled student and outsiders. */
export async function cast(h: CourseHarness) {
  const lecturer = await h.given.user(1, 'lecturer');
  const assistant = await h.given.user(1, 'lecturer');
  const student = await h.given.user(1, 'student');
  const stranger = await h.given.user(1, 'lecturer');
  const outsider = await h.given.user(2, 'lecturer');
  const course = await h.course(1, lecturer.id, { name: 'Databases', code: 'DB1' });
  await h.assist(course.id, assistant.id);
  const courseClass = await h.enrol(course.id, 1, [student.id]);
  return {
    lecturer,
    assistant,
    student,
    stranger,
    outsider,
    course,
    courseClass,
    asLecturer: await h.as(lecturer),
    asAssistant: await h.as(assistant),
    asStudent: await h.as(student),
    asStranger: await h.as(stranger),
    asOutsider: await h.as(outsider),
  };
}
