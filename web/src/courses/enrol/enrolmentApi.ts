import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Page,
} from '../../api/jsonapi';
import type { components, Deserialized, ResourceOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { formatDateTime } from '../../lib/dates';
import { announceSaves, cachedResults } from '../../notifications/saved';
import { cachedCourse, courseNameIn, type Course } from '../coursesApi';

/** A course's enrolment window, with a token per class. */
export type EnrolWindow = ResourceOf<'/api/course/enrolls'>;

export type EnrolToken = EnrolWindow['tokens'][number];

/**
 * A student of a course as its staff list them (the route answers its students the classmates'
 * view, `Classmate`, instead; the roster is shown only to staff).
 */
export type Student = Deserialized<components['schemas']['Student'], never>;

/** Enrolment: the lecturer's window and tokens, the student's join and leave, and the roster. */
export const enrolmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    enrolWindow: build.query<EnrolWindow | null, string>({
      query: (courseId) => `course/enrolls?${toSearchParams({ filter: { course_id: { is: courseId } } })}`,
      transformResponse: (document: Document) => deserializeList<EnrolWindow>(document)[0] ?? null,
      providesTags: ['Enrolment'],
    }),
    openEnrolment: build.mutation<EnrolWindow, { courseId: string; startAt: string; endAt: string }>({
      extraOptions: QUIET,
      query: ({ courseId, startAt, endAt }) => ({
        url: 'course/enrolls',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), start_at: startAt, end_at: endAt }),
      }),
      transformResponse: (document: Document) => deserializeOne<EnrolWindow>(document),
      invalidatesTags: ['Enrolment'],
    }),
    /** Joins the class of a token (which names the course and the class). */
    takeEnrolment: build.mutation<Course, { token: string }>({
      extraOptions: QUIET,
      query: ({ token }) => ({
        url: 'course/enrolls/take',
        method: 'POST',
        body: attributesBody({ token }),
      }),
      transformResponse: (document: Document) => deserializeOne<Course>(document),
      invalidatesTags: ['Course', 'Enrolled'],
    }),
    /** A student joins a free course with one click. */
    joinFreeCourse: build.mutation<Course, string>({
      extraOptions: QUIET,
      query: (courseId) => ({
        url: 'course/enrolls/join',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId) }),
      }),
      transformResponse: (document: Document) => deserializeOne<Course>(document),
      invalidatesTags: ['Course', 'Enrolled'],
    }),
    leaveCourse: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (courseId) => ({
        url: 'course/enrolls/leave',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId) }),
      }),
      invalidatesTags: ['Course', 'Enrolled'],
    }),
    kickStudent: build.mutation<void, { courseId: string; studentId: number }>({
      extraOptions: QUIET,
      query: ({ courseId, studentId }) => ({
        url: 'course/enrolls/kick',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), student_id: studentId }),
      }),
      invalidatesTags: ['Students'],
    }),
    enrolledCourses: build.query<Page<Course>, { offset: number }>({
      query: ({ offset }) => `course/enrolls/courses?${toSearchParams({ limit: 9, offset })}`,
      transformResponse: (document: Document) => deserializePage<Course>(document),
      providesTags: ['Enrolled'],
    }),
    students: build.query<Student[], string>({
      extraOptions: QUIET,
      query: (courseId) => `course/courses/${courseId}/students?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<Student>(document),
      providesTags: ['Students'],
    }),
  }),
});

announceSaves(enrolmentApi, {
  openEnrolment: ({ arg }) =>
    i18n.t('saved.enrolmentOpened', {
      start: formatDateTime(arg.startAt, i18n.language),
      end: formatDateTime(arg.endAt, i18n.language),
    }),
  takeEnrolment: ({ result }) => i18n.t('saved.joined', { name: result.name }),
  joinFreeCourse: ({ result }) => i18n.t('saved.joined', { name: result.name }),
  leaveCourse: ({ arg, before }) =>
    i18n.t('saved.left', {
      name:
        (
          cachedCourse(before, arg) ??
          cachedResults(before, enrolmentApi.endpoints.enrolledCourses)
            .flatMap((page) => page.items)
            .find((course) => course.id === arg)
        )?.name ?? `#${arg}`,
    }),
  kickStudent: ({ arg, before }) =>
    i18n.t('saved.studentRemoved', {
      name:
        cachedResults(before, enrolmentApi.endpoints.students)
          .flat()
          .find((student) => student.user_id === arg.studentId)?.name ?? `#${arg.studentId}`,
      course: courseNameIn(before, arg.courseId),
    }),
});

export const {
  useEnrolWindowQuery,
  useOpenEnrolmentMutation,
  useTakeEnrolmentMutation,
  useJoinFreeCourseMutation,
  useLeaveCourseMutation,
  useKickStudentMutation,
  useEnrolledCoursesQuery,
  useStudentsQuery,
} = enrolmentApi;
