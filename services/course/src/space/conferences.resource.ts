import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { CONFERENCE_TYPES } from '../contents/content.entity';

/** A conference content as the video-conference list shows it. */
export interface ReadConference {
  id: number;
  name: string;
  provider: (typeof CONFERENCE_TYPES)[number];
  url: string | null;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  startAt: Date | null;
  endAt: Date | null;
  upcoming: boolean;
  link: string;
  updatedAt: Date;
}

/** A video conference: a conference content (zoom, google-meet, ms-teams, cloudx, webex) of the user's courses. */
export const conferenceResource = defineResource({
  name: 'Conference',
  type: 'conferences',
  schema: {
    name: z.string(),
    provider: z.enum(CONFERENCE_TYPES),
    /** The meeting's https address, opened in a new tab. */
    url: z.string().nullable(),
    course_id: z.int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    /** When it takes place: the time of the activity (or else the module) it is placed in, if set. */
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    /** It has not ended yet (its end, or its start when it has no end, is ahead). */
    upcoming: z.boolean(),
    /** The web client's path to the content in its course. */
    link: z.string(),
    updated_at: z.date(),
  },
  attributes: (conference: ReadConference) => ({
    name: conference.name,
    provider: conference.provider,
    url: conference.url,
    course_id: conference.courseId,
    course_name: conference.courseName,
    course_code: conference.courseCode,
    start_at: conference.startAt,
    end_at: conference.endAt,
    upcoming: conference.upcoming,
    link: conference.link,
    updated_at: conference.updatedAt,
  }),
});

/** `filter[course_id]`, `filter[provider]`; upcoming first (soonest first), then `-updated_at`. */
export const conferenceQuery: QuerySpec = {
  filters: {
    course_id: { column: 'item.course_id', type: 'integer', ops: ['is', 'in'] },
    provider: { column: 'item.detail', type: 'string', ops: ['is', 'in'] },
  },
  sorts: {},
  defaultLimit: 20,
  maxLimit: 100,
};
