import type { ResourceType } from '@lms/jsonapi';
import { courseQuery } from '../courses/courses.resource';
import type { EnrolmentWindow } from './enrolment-window.entity';

/** Enrolled courses come nine to a page (spec 03 §9). */
export const enrolledQuery = { ...courseQuery, defaultLimit: 9 };

export const enrolResource: ResourceType<EnrolmentWindow> = {
  type: 'enrolls',
  attributes: (window) => ({
    course_id: window.courseId,
    start_at: window.startAt,
    end_at: window.endAt,
    is_open: Date.now() >= window.startAt.getTime() && Date.now() <= window.endAt.getTime(),
    tokens: (window.tokens ?? []).map((token) => ({
      class_id: token.classId,
      class_name: token.courseClass?.name ?? null,
      token: token.token,
    })),
    created_at: window.createdAt,
  }),
};
