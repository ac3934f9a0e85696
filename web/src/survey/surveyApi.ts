import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Page,
} from '../api/jsonapi';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

export const QUESTION_TYPES = ['scale', 'single', 'multiple', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** The values of a scale question. */
export const SCALE = [1, 2, 3, 4, 5] as const;

/** A survey attached to a course, as the caller sees it (`answered`: theirs; counts: staff only). */
export interface CourseSurvey {
  id: string;
  survey_id: number;
  course_id: number;
  course_name: string | null;
  name: string;
  description: string;
  is_open: boolean;
  answered: boolean;
  /** The caller is the course's lecturer, who responds to the students. */
  can_respond: boolean;
  responses: number | null;
  students: number | null;
  response: string | null;
  responded_at: string | null;
}

export interface SurveyQuestion {
  id: string;
  index: number;
  text: string;
  question_type: QuestionType;
  options: string[];
  required: boolean;
}

/** One question's anonymous aggregate; null breakdowns below the minimum of responses. */
export interface QuestionResult {
  id: number;
  index: number;
  text: string;
  type: QuestionType;
  options: string[];
  answered: number | null;
  mean: number | null;
  distribution: Array<{ value: number; label: string; count: number }> | null;
}

export interface SurveyResults {
  id: string;
  survey_id: number;
  course_id: number;
  course_name: string | null;
  name: string;
  responses: number;
  students: number;
  response_rate: number | null;
  minimum_responses: number;
  hidden: boolean;
  questions: QuestionResult[];
}

export interface Suggestion {
  id: string;
  question_id: number;
  question: string;
  text: string;
}

/** An answer's value: a scale value, an option's index, option indexes, or a text. */
export type AnswerValue = number | number[] | string;

export interface NewSurvey {
  name: string;
  description: string;
  questions: Array<Pick<SurveyQuestion, 'text' | 'options' | 'required'> & { type: QuestionType }>;
  course_id: number;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['CourseSurvey'] });
const SURVEYS = { type: 'CourseSurvey' as const, id: 'LIST' };

/** Surveys (spec 03 §7 "Surveys"). */
export const surveyApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    courseSurveys: build.query<CourseSurvey[], void>({
      extraOptions: QUIET,
      query: () => `v2/survey?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<CourseSurvey>(document),
      providesTags: [SURVEYS],
    }),
    courseSurvey: build.query<CourseSurvey, string>({
      extraOptions: QUIET,
      query: (id) => `v2/survey/course_survey/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<CourseSurvey>(document),
      providesTags: (_r, _e, id) => [SURVEYS, { type: 'CourseSurvey', id }],
    }),
    surveyQuestions: build.query<SurveyQuestion[], number>({
      extraOptions: QUIET,
      query: (surveyId) => `v2/survey/${surveyId}/questions`,
      transformResponse: (document: Document) => deserializeList<SurveyQuestion>(document),
    }),
    /** The lecturer's results of one course survey. */
    surveyResults: build.query<SurveyResults | null, string>({
      extraOptions: QUIET,
      query: (id) => `v2/survey/lecturers?${toSearchParams({ filter: { id: { is: id } } })}`,
      transformResponse: (document: Document) => deserializeList<SurveyResults>(document)[0] ?? null,
      providesTags: (_r, _e, id) => [{ type: 'CourseSurvey', id }],
    }),
    surveySuggestions: build.query<Page<Suggestion>, { surveyId: number; courseId: number; page: number }>({
      extraOptions: QUIET,
      query: ({ surveyId, courseId, page }) =>
        `v2/survey/suggestions/${surveyId}/${courseId}?size=${SUGGESTIONS_PAGE}&page=${page}`,
      transformResponse: (document: Document) => deserializePage<Suggestion>(document),
      providesTags: [SURVEYS],
    }),
    answerSurvey: build.mutation<
      CourseSurvey,
      { course_id: number; survey_id: number; answers: Array<{ question_id: number; value: AnswerValue }> }
    >({
      extraOptions: QUIET,
      query: (attributes) => ({ url: 'v2/survey', method: 'POST', body: attributesBody({ ...attributes }) }),
      transformResponse: (document: Document) => deserializeOne<CourseSurvey>(document),
      invalidatesTags: [SURVEYS],
    }),
    respondToSurvey: build.mutation<CourseSurvey, { courseId: number; survey_id: number; response: string }>({
      extraOptions: QUIET,
      query: ({ courseId, ...attributes }) => ({
        url: `v2/survey/course/${courseId}`,
        method: 'PATCH',
        body: attributesBody(attributes),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseSurvey>(document),
      invalidatesTags: [SURVEYS],
    }),
    openSurvey: build.mutation<CourseSurvey, { id: string; is_open: boolean }>({
      extraOptions: QUIET,
      query: ({ id, is_open }) => ({
        url: `course/surveys/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ is_open }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseSurvey>(document),
      invalidatesTags: [SURVEYS],
    }),
    /** A new survey and its course survey: the definition, then attached (open) to the course. */
    createSurvey: build.mutation<CourseSurvey, NewSurvey>({
      extraOptions: QUIET,
      async queryFn({ course_id, ...definition }, _api, _extra, fetch) {
        const created = await fetch({
          url: 'v2/survey/definitions',
          method: 'POST',
          body: attributesBody({ ...definition }),
        });
        if (created.error) return { error: created.error };
        const surveyId = Number(deserializeOne<{ id: string }>(created.data as Document).id);
        const attached = await fetch({
          url: 'course/surveys',
          method: 'POST',
          body: attributesBody({ survey_id: surveyId, course_id }),
        });
        if (attached.error) return { error: attached.error };
        return { data: deserializeOne<CourseSurvey>(attached.data as Document) };
      },
      invalidatesTags: [SURVEYS],
    }),
  }),
});

/** Suggestions a page. */
export const SUGGESTIONS_PAGE = 10;

announceSaves(surveyApi, {
  answerSurvey: ({ result }) => i18n.t('survey.saved.answered', { name: result.name }),
  respondToSurvey: ({ result }) => i18n.t('survey.saved.responded', { name: result.name }),
  openSurvey: ({ result }) =>
    i18n.t(result.is_open ? 'survey.saved.opened' : 'survey.saved.closed', { name: result.name }),
  createSurvey: ({ result }) => i18n.t('survey.saved.created', { name: result.name }),
});

export const {
  useCourseSurveysQuery,
  useCourseSurveyQuery,
  useSurveyQuestionsQuery,
  useSurveyResultsQuery,
  useSurveySuggestionsQuery,
  useAnswerSurveyMutation,
  useRespondToSurveyMutation,
  useOpenSurveyMutation,
  useCreateSurveyMutation,
} = surveyApi;
