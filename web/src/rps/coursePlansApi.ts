import { api, QUIET } from '../api/baseApi';
import { attributesBody, deserializeList, deserializeOne, type Document } from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

/** A course plan (the learning plan of a course code for a period). */
export type CoursePlan = ResourceOf<'/api/plan/courseplans/{code}/active'>;
/** One of its stages (a meeting), saved or proposed. */
export type CoursePlanStage = ResourceOf<'/api/plan/courseplanstages'>;

const withTags = api.enhanceEndpoints({ addTagTypes: ['CoursePlan'] });
const stagesOf = (planId: string) => ({ type: 'CoursePlan' as const, id: `stages-${planId}` });

/** The learning plan of a course: the active course plan of its code and the plan's stages. */
export const coursePlansApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    activeCoursePlan: build.query<CoursePlan, string>({
      extraOptions: QUIET,
      query: (code) => `plan/courseplans/${encodeURIComponent(code)}/active`,
      transformResponse: (document: Document) => deserializeOne<CoursePlan>(document),
      providesTags: (_r, _e, code) => [{ type: 'CoursePlan', id: code }],
    }),
    coursePlanStages: build.query<CoursePlanStage[], string>({
      extraOptions: QUIET,
      query: (planId) => `plan/courseplanstages?${new URLSearchParams({ course_plan_id: planId })}`,
      transformResponse: (document: Document) => deserializeList<CoursePlanStage>(document),
      providesTags: (_r, _e, planId) => [stagesOf(planId)],
    }),
    /** 16 proposed weeks from the plan's sub-outputs (nothing saved). */
    proposedSemester: build.query<CoursePlanStage[], string>({
      extraOptions: QUIET,
      query: (planId) => `plan/courseplanstages/generateAll/${encodeURIComponent(planId)}`,
      transformResponse: (document: Document) => deserializeList<CoursePlanStage>(document),
    }),
    createCoursePlan: build.mutation<CoursePlan, { code: string; periodId: number; name: string }>({
      extraOptions: QUIET,
      query: ({ code, periodId, name }) => ({
        url: 'plan/courseplans',
        method: 'POST',
        body: attributesBody({ code, period_id: periodId, name_ina: name }),
      }),
      transformResponse: (document: Document) => deserializeOne<CoursePlan>(document),
      invalidatesTags: (_r, _e, { code }) => [{ type: 'CoursePlan', id: code }],
    }),
    addCoursePlanStage: build.mutation<
      CoursePlanStage,
      { planId: string; topic: string; outputId?: number | null }
    >({
      extraOptions: QUIET,
      query: ({ planId, topic, outputId }) => ({
        url: 'plan/courseplanstages',
        method: 'POST',
        body: attributesBody({
          course_plan_id: Number(planId),
          topic,
          course_plan_output_id: outputId ?? null,
        }),
      }),
      transformResponse: (document: Document) => deserializeOne<CoursePlanStage>(document),
      invalidatesTags: (_r, _e, { planId }) => [stagesOf(planId)],
    }),
    deleteCoursePlanStage: build.mutation<void, { id: string; planId: string; topic: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `plan/courseplanstages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { planId }) => [stagesOf(planId)],
    }),
  }),
});

announceSaves(coursePlansApi, {
  createCoursePlan: ({ arg }) => i18n.t('rps.learning.saved.created', { code: arg.code }),
  addCoursePlanStage: ({ arg }) => i18n.t('rps.learning.saved.added', { topic: arg.topic }),
  deleteCoursePlanStage: ({ arg }) => i18n.t('rps.learning.saved.deleted', { topic: arg.topic }),
});

export const {
  useActiveCoursePlanQuery,
  useCoursePlanStagesQuery,
  useProposedSemesterQuery,
  useCreateCoursePlanMutation,
  useAddCoursePlanStageMutation,
  useDeleteCoursePlanStageMutation,
} = coursePlansApi;
