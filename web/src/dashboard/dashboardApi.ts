import { api, QUIET } from '../api/baseApi';
import { deserializePage, type Document, type Page, toSearchParams } from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import type { TodoItem } from '../agenda/agendaApi';
import type { CourseMessage } from '../messaging/messages/messagesApi';
import type { Presence } from '../presence/presenceTypes';

export type DashboardTask = ResourceOf<'/api/course/dashboard/tasks'>;
export type DashboardGrade = ResourceOf<'/api/course/dashboard/grades'>;
export type DashboardProgress = ResourceOf<'/api/course/dashboard/progress'>;
export type RunningExam = ResourceOf<'/api/course/dashboard/running-exams'>;

/** How many items a card lists (its total is said beside it, its link leads to the rest). */
export const CARD_SIZE = 5;

/** The to-do's kinds a card of its own shows: a student's exams, the staff's answers and essays. */
export type CardTodoType = Extract<TodoItem['todo_type'], 'exam' | 'score_answers' | 'grade_essays'>;

/**
 * The dashboard's cards (issue 21): one request per card, so each loads, fails and is empty on
 * its own (each shows its failure itself: every call is quiet). The course service's cards
 * (`course/dashboard/*`), the to-do by kind, the caller's unread messages (messaging) and their
 * class sessions not sent yet (presence).
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardTasks: build.query<Page<DashboardTask>, void>({
      extraOptions: QUIET,
      query: () => `course/dashboard/tasks?${toSearchParams({ limit: CARD_SIZE })}`,
      transformResponse: (document: Document) => deserializePage<DashboardTask>(document),
    }),
    dashboardGrades: build.query<Page<DashboardGrade>, void>({
      extraOptions: QUIET,
      query: () => `course/dashboard/grades?${toSearchParams({ limit: CARD_SIZE })}`,
      transformResponse: (document: Document) => deserializePage<DashboardGrade>(document),
    }),
    dashboardProgress: build.query<Page<DashboardProgress>, void>({
      extraOptions: QUIET,
      // every course the student tracks: the chart shows them all
      query: () => `course/dashboard/progress?${toSearchParams({ limit: 50 })}`,
      transformResponse: (document: Document) => deserializePage<DashboardProgress>(document),
    }),
    runningExams: build.query<Page<RunningExam>, void>({
      extraOptions: QUIET,
      query: () => `course/dashboard/running-exams?${toSearchParams({ limit: CARD_SIZE })}`,
      transformResponse: (document: Document) => deserializePage<RunningExam>(document),
    }),
    todoOfType: build.query<Page<TodoItem>, CardTodoType>({
      extraOptions: QUIET,
      query: (type) => `todo?${toSearchParams({ filter: { todo_type: { is: type } }, limit: CARD_SIZE })}`,
      transformResponse: (document: Document) => deserializePage<TodoItem>(document),
    }),
    unreadMessages: build.query<Page<CourseMessage>, string>({
      extraOptions: QUIET,
      query: (userId) =>
        `course/messages?${toSearchParams({
          filter: { receiver_id: { is: userId }, read_at: { null: true } },
          sort: '-created_at',
          include: ['sender'],
          limit: 3,
        })}`,
      transformResponse: (document: Document) => deserializePage<CourseMessage>(document),
    }),
    sessionsToSend: build.query<Page<Presence>, string>({
      extraOptions: QUIET,
      query: (before) =>
        `course/presences?${toSearchParams({
          filter: { is_sent: { is: false }, start_at: { lt: before } },
          sort: 'start_at',
          limit: CARD_SIZE,
        })}`,
      transformResponse: (document: Document) => deserializePage<Presence>(document),
    }),
  }),
});

export const {
  useDashboardTasksQuery,
  useDashboardGradesQuery,
  useDashboardProgressQuery,
  useRunningExamsQuery,
  useTodoOfTypeQuery,
  useUnreadMessagesQuery,
  useSessionsToSendQuery,
} = dashboardApi;
