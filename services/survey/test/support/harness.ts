import { type JsonResource, ServiceHarness } from '@lms/testing';
import type { SurveyConfig } from '../../src/config';
import { surveyService } from '../../src/service';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;
export const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/** The questions of the tests' survey: one of each type. */
export const QUESTIONS = [
  { text: 'The lecturer explains clearly', type: 'scale' },
  { text: 'Best part of the course', type: 'single', options: ['Lectures', 'Labs', 'Projects'] },
  {
    text: 'What helped you learn',
    type: 'multiple',
    options: ['Slides', 'Videos', 'Quizzes'],
    required: false,
  },
  { text: 'Suggestions', type: 'text', required: false },
];

/** The survey service in the generic harness, with a course from course's and identity's events (`classroom()`). */
export class SurveyHarness extends ServiceHarness<SurveyConfig> {
  constructor(env: Record<string, string> = {}) {
    super(surveyService, env);
  }

  /**
   * A course with a lecturer and an assistant and `size` students in two classes; outsiders: a
   * lecturer and a student of the campus not in it, a lecturer of another campus, the campus's admin.
   */
  async classroom(size: number, tenantId = 1) {
    const lecturer = await this.given.user(tenantId, 'lecturer', { name: 'Dr. Lina' });
    const assistant = await this.given.user(tenantId, 'lecturer', { name: 'Asep' });
    const stranger = await this.given.user(tenantId, 'lecturer', { name: 'Dr. Other' });
    const outsider = await this.given.user(tenantId, 'student', { name: 'Dodi' });
    const admin = await this.given.user(tenantId, 'admin', { name: 'Admin' });
    const elsewhere = await this.given.user(tenantId + 1, 'lecturer', { name: 'Eka' });
    const [classA, classB] = [this.nextId(), this.nextId()];
    const course = await this.project('course.course.upserted', tenantId, {
      name: 'Kalkulus',
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
    const students = [];
    for (let i = 0; i < size; i += 1) {
      const student = await this.given.user(tenantId, 'student', { name: `Student ${i + 1}` });
      await this.given.enrolment(tenantId, {
        courseId: course.id,
        classId: i % 2 ? classB : classA,
        userId: student.id,
      });
      students.push({ ...student, client: await this.as(student) });
    }
    return {
      course,
      lecturer,
      students,
      asLecturer: await this.as(lecturer),
      asAssistant: await this.as(assistant),
      asStranger: await this.as(stranger),
      asOutsider: await this.as(outsider),
      asAdmin: await this.as(admin),
      asElsewhere: await this.as(elsewhere),
    };
  }
}
