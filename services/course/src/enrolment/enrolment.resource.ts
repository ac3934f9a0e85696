import { defineResource, z } from '@lms/jsonapi';
import { courseQuery } from '../courses/courses.resource';
import type { EnrolmentWindow } from './enrolment-window.entity';

/** Enrolled courses come nine to a page (spec 03 §9). */
export const enrolledQuery = { ...courseQuery, defaultLimit: 9 };

export const enrolResource = defineResource({
  name: 'EnrolmentWindow',
  type: 'enrolls',
  schema: {
    course_id: z.int(),
    start_at: z.date(),
    end_at: z.date(),
    is_open: z.boolean(),
    tokens: z.array(z.object({ class_id: z.int(), class_name: z.string().nullable(), token: z.string() })),
    created_at: z.date(),
  },
  attributes: (window: EnrolmentWindow) => ({
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
});
