import { api, QUIET } from '../api/baseApi';
import { attributesBody, deserializeOne, type Document } from '../api/jsonapi';
import type { RequestAttributes, ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

/** Stage 1: the plan's CPMK, the course's assessments, the mapping, each student's attainment. */
export type CpmkStage1 = ResourceOf<'/api/cpmk/measurement/stage1'>;
export type CpmkMapping = CpmkStage1['mappings'][number];
/** Stage 2: per CPMK the class mean and the share of students at the threshold. */
export type CpmkStage2 = ResourceOf<'/api/cpmk/measurement/stage2'>;
export type CpmkStage2Config = ResourceOf<'/api/cpmk/measurement/stage2/config'>;
/** Stage 3: the CPL rolled up from the CPMK. */
export type CpmkStage3 = ResourceOf<'/api/cpmk/measurement/stage3'>;
export type CpmkThresholds = NonNullable<
  RequestAttributes<'/api/cpmk/calculate/stage2/threshold', 'post'>['thresholds']
>;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Cpmk'] });
const MEASUREMENT = (courseId: string) => [{ type: 'Cpmk' as const, id: courseId }];
const measurement = (stage: string, courseId: string) =>
  `cpmk/measurement/${stage}?${new URLSearchParams({ course_id: courseId })}`;

/** CPMK measurement of a course (spec 03 §7): the three stages, computed and read. */
export const cpmkApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    cpmkStage1: build.query<CpmkStage1, string>({
      extraOptions: QUIET,
      query: (courseId) => measurement('stage1', courseId),
      transformResponse: (document: Document) => deserializeOne<CpmkStage1>(document),
      providesTags: (_r, _e, courseId) => MEASUREMENT(courseId),
    }),
    cpmkStage2: build.query<CpmkStage2, string>({
      extraOptions: QUIET,
      query: (courseId) => measurement('stage2', courseId),
      transformResponse: (document: Document) => deserializeOne<CpmkStage2>(document),
      providesTags: (_r, _e, courseId) => MEASUREMENT(courseId),
    }),
    cpmkStage2Config: build.query<CpmkStage2Config, string>({
      extraOptions: QUIET,
      query: (courseId) => measurement('stage2/config', courseId),
      transformResponse: (document: Document) => deserializeOne<CpmkStage2Config>(document),
      providesTags: (_r, _e, courseId) => MEASUREMENT(courseId),
    }),
    cpmkStage3: build.query<CpmkStage3, string>({
      extraOptions: QUIET,
      query: (courseId) => measurement('stage3', courseId),
      transformResponse: (document: Document) => deserializeOne<CpmkStage3>(document),
      providesTags: (_r, _e, courseId) => MEASUREMENT(courseId),
    }),
    /** Saves the mapping and computes each student's attainment per CPMK. */
    calculateCpmkStage1: build.mutation<CpmkStage1, { courseId: string; mappings: CpmkMapping[] }>({
      extraOptions: QUIET,
      query: ({ courseId, mappings }) => ({
        url: 'cpmk/calculate/stage1',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), mappings }),
      }),
      transformResponse: (document: Document) => deserializeOne<CpmkStage1>(document),
      invalidatesTags: (_r, _e, { courseId }) => MEASUREMENT(courseId),
    }),
    /** The class attainment: the mean per CPMK, then the share at the thresholds (saved first). */
    calculateCpmkStage2: build.mutation<CpmkStage2, { courseId: string; thresholds: CpmkThresholds }>({
      extraOptions: QUIET,
      async queryFn({ courseId, thresholds }, _api, _extra, fetch) {
        const score = await fetch({
          url: 'cpmk/calculate/stage2/score',
          method: 'POST',
          body: attributesBody({ course_id: Number(courseId) }),
        });
        if (score.error) return { error: score.error };
        const counted = await fetch({
          url: 'cpmk/calculate/stage2/threshold',
          method: 'POST',
          body: attributesBody({ course_id: Number(courseId), thresholds }),
        });
        if (counted.error) return { error: counted.error };
        return { data: deserializeOne<CpmkStage2>(counted.data as Document) };
      },
      invalidatesTags: (_r, _e, { courseId }) => MEASUREMENT(courseId),
    }),
    /** Clears the computed measurement; the mapping and thresholds stay. */
    clearCpmkMeasurement: build.mutation<null, string>({
      extraOptions: QUIET,
      query: (courseId) => ({
        url: `cpmk/measurement?${new URLSearchParams({ course_id: courseId })}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, courseId) => MEASUREMENT(courseId),
    }),
  }),
});

announceSaves(cpmkApi, {
  calculateCpmkStage1: ({ result }) => i18n.t('rps.cpmk.saved.stage1', { count: result.students.length }),
  calculateCpmkStage2: () => i18n.t('rps.cpmk.saved.stage2'),
  clearCpmkMeasurement: () => i18n.t('rps.cpmk.saved.cleared'),
});

export const {
  useCpmkStage1Query,
  useCpmkStage2Query,
  useCpmkStage2ConfigQuery,
  useCpmkStage3Query,
  useCalculateCpmkStage1Mutation,
  useCalculateCpmkStage2Mutation,
  useClearCpmkMeasurementMutation,
} = cpmkApi;
