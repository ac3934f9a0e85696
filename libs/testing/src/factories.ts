import type { EventDataMap, EventType } from '@lms/events';

/**
 * Data of every event of the catalogue with plausible defaults, the `n`th of its kind (unique
 * names and ids). The map's type requires one entry per event type, so an event added to the
 * catalogue does not compile here until it has its factory.
 */
export const EVENT_FACTORIES: { [T in EventType]: (n: number) => EventDataMap[T] } = {
  'identity.user.upserted': (n) => ({
    id: n,
    username: `u${n}`,
    name: `User ${n}`,
    email: null,
    thumbnail: null,
    role: 'student',
    active: true,
    nidn: null,
    nim: null,
    updatedAt: new Date().toISOString(),
  }),
  'identity.tenant.upserted': (n) => ({
    id: n,
    domain: `campus${n}.example`,
    name: `Campus ${n}`,
    timeZone: 'Asia/Jakarta',
    description: null,
    favicon: null,
    landingPageUrl: null,
    updatedAt: new Date().toISOString(),
  }),
  'course.structure.changed': (n) => ({ courseId: n, subject: 'module', action: 'created', ids: [n] }),
  'course.staff.changed': (n) => ({ courseId: n, lecturerId: null, assistants: [] }),
  'course.enrolment.changed': (n) => ({
    courseId: n,
    classId: n,
    userId: n,
    enrolled: true,
    reason: 'joined',
  }),
  'course.enrolment.snapshotted': (n) => ({ courseId: n, students: [{ classId: n, userId: n }] }),
  'course.course.upserted': (n) => ({
    id: n,
    name: `Course ${n}`,
    code: `C${n}`,
    period: { id: n, name: '2026/2027 Ganjil', year: 2026, type: 'GANJIL' },
    isActive: true,
    startAt: null,
    endAt: null,
    classes: [{ id: n, name: `C${n}-A` }],
  }),
  'course.structure.snapshotted': (n) => ({
    courseId: n,
    modules: [{ id: n, name: `Module ${n}`, index: 0, isActive: true }],
    activities: [{ id: n, moduleId: n, parentId: null, name: `Activity ${n}`, index: 0, isActive: true }],
  }),
  'exam.exam.upserted': (n) => ({
    id: n,
    courseId: n,
    activityId: null,
    name: `Exam ${n}`,
    type: 'quiz',
    startAt: null,
    endAt: null,
    isPublished: false,
    isFinished: false,
    passingGrade: 0,
    packages: 1,
    duration: null,
    classIds: [],
    assistantIds: [],
  }),
  'exam.exam.deleted': (n) => ({ id: n, courseId: n }),
  'platform.snapshot.requested': () => ({
    requestedBy: 'test',
    topics: ['course.staff', 'course.enrolment'],
  }),
  'exam.question.changed': (n) => ({ examId: n, courseId: n, action: 'created', questionIds: [n] }),
};
