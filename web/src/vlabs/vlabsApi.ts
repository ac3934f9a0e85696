import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

/** A virtual lab of an activity. */
export type Vlab = ResourceOf<'/api/course/vlabs/{id}'>;
/** A row of a lab's leaderboard (another student's name is null unless the lab shows names). */
export type LeaderboardRow = ResourceOf<'/api/course/vlabs/{id}/leaderboards'>;
/** A result the lab reported. */
export type VlabResult = ResourceOf<'/api/course/vlabs/{id}/results'>;

export interface NewVlab {
  activityId: string;
  name: string;
  url: string;
  description: string;
  showNames: boolean;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Vlab'] });
const labsOf = (activityId: string) => ({ type: 'Vlab' as const, id: `activity-${activityId}` });

/** Labs of an activity, the lab's leaderboard and results; the staff create and delete labs. */
export const vlabsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    activityVlabs: build.query<Vlab[], string>({
      extraOptions: QUIET,
      query: (activityId) =>
        `course/vlabs?${toSearchParams({ filter: { activity_id: { is: activityId } }, limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<Vlab>(document),
      providesTags: (_r, _e, activityId) => [labsOf(activityId)],
    }),
    vlab: build.query<Vlab, string>({
      extraOptions: QUIET,
      query: (id) => `course/vlabs/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<Vlab>(document),
      providesTags: (_r, _e, id) => [{ type: 'Vlab', id }],
    }),
    leaderboard: build.query<LeaderboardRow[], string>({
      extraOptions: QUIET,
      query: (id) => `course/vlabs/${encodeURIComponent(id)}/leaderboards`,
      transformResponse: (document: Document) => deserializeList<LeaderboardRow>(document),
      providesTags: (_r, _e, id) => [{ type: 'Vlab', id }],
    }),
    vlabResults: build.query<VlabResult[], string>({
      extraOptions: QUIET,
      query: (id) => `course/vlabs/${encodeURIComponent(id)}/results?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<VlabResult>(document),
      providesTags: (_r, _e, id) => [{ type: 'Vlab', id }],
    }),
    /** Answers the lab and the secret it signs its results with (shown this once). */
    createVlab: build.mutation<{ vlab: Vlab; secret: string }, NewVlab>({
      extraOptions: QUIET,
      query: ({ activityId, name, url, description, showNames }) => ({
        url: 'course/vlabs',
        method: 'POST',
        body: attributesBody({
          activity_id: Number(activityId),
          name,
          url,
          description: description || null,
          settings: { show_names: showNames },
        }),
      }),
      transformResponse: (document: Document) => ({
        vlab: deserializeOne<Vlab>(document),
        secret: String((document.meta as { secret?: string } | undefined)?.secret ?? ''),
      }),
      invalidatesTags: (_r, _e, { activityId }) => [labsOf(activityId)],
    }),
    deleteVlab: build.mutation<void, { id: string; activityId: string; name: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/vlabs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { activityId }) => [labsOf(activityId)],
    }),
  }),
});

announceSaves(vlabsApi, {
  createVlab: ({ arg }) => i18n.t('vlabs.saved.created', { name: arg.name }),
  deleteVlab: ({ arg }) => i18n.t('vlabs.saved.deleted', { name: arg.name }),
});

export const {
  useActivityVlabsQuery,
  useVlabQuery,
  useLeaderboardQuery,
  useVlabResultsQuery,
  useCreateVlabMutation,
  useDeleteVlabMutation,
} = vlabsApi;
