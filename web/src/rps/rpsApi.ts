import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../api/jsonapi';
import type { RequestAttributes, ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves, silent } from '../notifications/saved';
import { fileNameOf, saveBlob } from '../exams/download';

/** A semester plan as its authors and the approver read it (with `stages`, `editable`). */
export type Rps = ResourceOf<'/api/rps/v1/rps/{id}'>;
/** An approved plan as the public preview shows it. */
export type PublicRps = ResourceOf<'/api/rps-public'>;
/** What both show: the course and the 11 stages' data. */
export type PlanContent = PublicRps;
export type RpsStatus = Rps['status'];
export type Week = Rps['weeks'][number];

/** The 11 editor stages (spec 03 §2), by slug, in order. */
export const STAGE_SLUGS = [
  'informasi-umum-mk',
  'bahan-kajian',
  'cpl',
  'cpmk',
  'rujukan',
  'evaluasi',
  'rps-utama',
  'rps-metode-pembelajaran',
  'rps-waktu-pembelajaran',
  'rps-lce',
  'rps-penggunaan-ai',
] as const;
export type StageSlug = (typeof STAGE_SLUGS)[number];

/** The attributes one stage's save sends. */
export type StageAttributes<S extends StageSlug> = RequestAttributes<
  `/api/rps/v1/rps/{id}/stages/${S}`,
  'patch'
>;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Rps'] });
const PLANS = { type: 'Rps' as const, id: 'LIST' };

/** Semester plans: list, read, create, clone, the stages, submit, decide; the public preview. */
export const rpsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** The plans the caller reads (a course's, or the campus's for the approver). */
    rpsList: build.query<Rps[], { courseId?: string; status?: RpsStatus }>({
      extraOptions: QUIET,
      query: ({ courseId, status }) =>
        `rps/v1/rps/list?${toSearchParams({
          filter: {
            ...(courseId ? { course_id: { is: courseId } } : {}),
            ...(status ? { status: { is: status } } : {}),
          },
          limit: 100,
        })}`,
      transformResponse: (document: Document) => deserializeList<Rps>(document),
      providesTags: (result = []) => [
        PLANS,
        ...result.map((plan) => ({ type: 'Rps' as const, id: plan.id })),
      ],
    }),
    /** The newest plan of a code and curriculum the caller reads. */
    rpsPreview: build.query<Rps, { code: string; curriculum: string }>({
      extraOptions: QUIET,
      query: ({ code, curriculum }) => `rps/v1/rps/preview?${new URLSearchParams({ code, curriculum })}`,
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      providesTags: (result) => (result ? [{ type: 'Rps', id: result.id }] : [PLANS]),
    }),
    rpsPlan: build.query<Rps, string>({
      extraOptions: QUIET,
      query: (id) => `rps/v1/rps/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      providesTags: (_r, _e, id) => [{ type: 'Rps', id }],
    }),
    publicRps: build.query<PublicRps, { code: string; curriculum: string }>({
      extraOptions: QUIET,
      query: ({ code, curriculum }) => `rps-public?${new URLSearchParams({ code, curriculum })}`,
      transformResponse: (document: Document) => deserializeOne<PublicRps>(document),
    }),
    createRps: build.mutation<Rps, { courseId: string; curriculum: string }>({
      extraOptions: QUIET,
      query: ({ courseId, curriculum }) => ({
        url: 'rps/v1/rps',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), curriculum }),
      }),
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      invalidatesTags: [PLANS],
    }),
    cloneRps: build.mutation<Rps, { sourceId: string; courseId: string }>({
      extraOptions: QUIET,
      query: ({ sourceId, courseId }) => ({
        url: 'rps/v1/rps/clone',
        method: 'POST',
        body: attributesBody({ source_id: Number(sourceId), course_id: Number(courseId) }),
      }),
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      invalidatesTags: [PLANS],
    }),
    /** One stage's data; the cached plan takes the answer (the editor autosaves). */
    saveRpsStage: build.mutation<
      Rps,
      { id: string; slug: StageSlug; attributes: StageAttributes<StageSlug> }
    >({
      extraOptions: QUIET,
      query: ({ id, slug, attributes }) => ({
        url: `rps/v1/rps/${encodeURIComponent(id)}/stages/${slug}`,
        method: 'PATCH',
        body: attributesBody({ ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(rpsApi.util.upsertQueryData('rpsPlan', id, data));
      },
      invalidatesTags: [PLANS],
    }),
    submitRps: build.mutation<Rps, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({
        url: 'rps/v1/approval',
        method: 'POST',
        body: attributesBody({ rps_id: Number(id) }),
      }),
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      invalidatesTags: (_r, _e, { id }) => [PLANS, { type: 'Rps', id }],
    }),
    decideRps: build.mutation<Rps, { id: string; decision: 'approve' | 'return'; comment?: string }>({
      extraOptions: QUIET,
      query: ({ id, decision, comment }) => ({
        url: `rps/v1/approval/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ decision, ...(comment ? { comment } : {}) }),
      }),
      transformResponse: (document: Document) => deserializeOne<Rps>(document),
      invalidatesTags: (_r, _e, { id }) => [PLANS, { type: 'Rps', id }],
    }),
    /** The plan's printable PDF (signed in: any status), saved as a file. */
    downloadRpsPdf: build.mutation<null, Pick<Rps, 'id' | 'code' | 'curriculum'>>({
      query: ({ id, code, curriculum }) => ({
        url: `rps/v1/rps/${encodeURIComponent(id)}/pdf`,
        cache: 'no-store',
        responseHandler: async (response) => {
          if (!response.ok) return (await response.json().catch(() => null)) as unknown;
          saveBlob(await response.blob(), fileNameOf(`RPS-${code}-${curriculum}`, 'pdf'));
          return null;
        },
      }),
    }),
  }),
});

announceSaves(rpsApi, {
  downloadRpsPdf: silent('a download, which the browser shows itself'),
  createRps: ({ result }) =>
    i18n.t('rps.saved.created', { code: result.code, curriculum: result.curriculum }),
  cloneRps: ({ result }) => i18n.t('rps.saved.cloned', { code: result.code, curriculum: result.curriculum }),
  saveRpsStage: ({ arg }) => i18n.t('rps.saved.stage', { stage: i18n.t(`rps.stages.${arg.slug}`) }),
  submitRps: ({ result }) => i18n.t('rps.saved.submitted', { code: result.code }),
  decideRps: ({ arg, result }) =>
    i18n.t(arg.decision === 'approve' ? 'rps.saved.approved' : 'rps.saved.returned', { code: result.code }),
});

/** The link to the printable PDF of an approved plan (no sign-in). */
export const publicPdfHref = (code: string, curriculum: string) =>
  `/api/rps-public/pdf?${new URLSearchParams({ code, curriculum })}`;

export const {
  useRpsListQuery,
  useRpsPreviewQuery,
  useRpsPlanQuery,
  usePublicRpsQuery,
  useCreateRpsMutation,
  useCloneRpsMutation,
  useSaveRpsStageMutation,
  useSubmitRpsMutation,
  useDecideRpsMutation,
  useDownloadRpsPdfMutation,
} = rpsApi;
