import { api, QUIET } from '../../api/baseApi';
import { attributesBody, deserializeList, deserializeOne, type Document } from '../../api/jsonapi';
import type { RequestAttributes, ResourceOf } from '../../api/types';
import { saveBlob } from '../../exams/download';
import i18n from '../../i18n/i18n';
import { announceSaves, silent } from '../../notifications/saved';
import { answerFilePath } from '../files';
import { forgetBlob, keepBlob } from './blobs';

/** An annotation of a PDF of an answer (W3C Web Annotation members, PDF user-space geometry). */
export type Annotation = ResourceOf<'/api/course/task/answers/{id}/annotations'>;
export type AnnotationWrite = RequestAttributes<'/api/course/task/answers/{id}/annotations', 'post'>;
export type AnnotationChange = RequestAttributes<'/api/course/task/annotations/{id}', 'patch'>;
export type Motivation = Annotation['motivation'];
export type Selector = Annotation['target']['selector'];

/** One file of one answer: what the screen annotates. */
export interface AnswerFile {
  answerId: string;
  key: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Annotation'] });
const fileTag = ({ answerId, key }: AnswerFile) => ({
  type: 'Annotation' as const,
  id: `${answerId}/${key}`,
});
const answerPath = (answerId: string) => `course/task/answers/${encodeURIComponent(answerId)}`;

/** What the motivation is called in the saved-change sentences. */
const kindOf = (motivation: Motivation) => i18n.t(`task.annotate.kinds.${motivation}`);

export const annotateApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** Every annotation of the file, oldest first. */
    annotations: build.query<Annotation[], AnswerFile>({
      query: ({ answerId, key }) =>
        `${answerPath(answerId)}/annotations?${new URLSearchParams({
          'filter[file]': key,
          'page[limit]': '0',
          sort: 'created_at',
        }).toString()}`,
      transformResponse: (document: Document) => deserializeList<Annotation>(document),
      providesTags: (_result, _error, file) => [fileTag(file)],
    }),
    /**
     * The file itself, as the handle of its bytes (`blobs.ts`; dropped when the cache forgets it):
     * the service answers the bytes, or sends the browser on to a short-lived link.
     */
    answerFile: build.query<string, AnswerFile>({
      extraOptions: QUIET,
      query: ({ answerId, key }) => ({
        url: answerFilePath(answerId, key),
        responseHandler: async (response) =>
          response.ok
            ? keepBlob(await response.blob())
            : ((await response.json().catch(() => null)) as unknown),
        cache: 'no-store',
      }),
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(_file, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => null);
        await cacheEntryRemoved;
        if (loaded) forgetBlob(loaded.data);
      },
    }),
    /** Saves a new annotation as soon as it is drawn, and puts it in the list without reloading it. */
    createAnnotation: build.mutation<Annotation, AnswerFile & { attributes: AnnotationWrite }>({
      extraOptions: QUIET,
      query: ({ answerId, attributes }) => ({
        url: `${answerPath(answerId)}/annotations`,
        method: 'POST',
        body: attributesBody(attributes as Record<string, unknown>),
      }),
      transformResponse: (document: Document) => deserializeOne<Annotation>(document),
      async onQueryStarted({ answerId, key }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            annotateApi.util.updateQueryData('annotations', { answerId, key }, (list) => {
              if (!list.some((item) => item.id === data.id)) list.push(data);
            }),
          );
      },
    }),
    /** Changes an annotation's words, colour or place; the list shows the change at once. */
    updateAnnotation: build.mutation<
      Annotation,
      AnswerFile & { id: string; changes: AnnotationChange; optimistic?: Partial<Annotation> }
    >({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `course/task/annotations/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody(changes as Record<string, unknown>),
      }),
      transformResponse: (document: Document) => deserializeOne<Annotation>(document),
      async onQueryStarted({ answerId, key, id, optimistic }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          annotateApi.util.updateQueryData('annotations', { answerId, key }, (list) => {
            const item = list.find((candidate) => candidate.id === id);
            if (item && optimistic) Object.assign(item, optimistic);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            annotateApi.util.updateQueryData('annotations', { answerId, key }, (list) =>
              list.map((item) => (item.id === id ? data : item)),
            ),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    deleteAnnotation: build.mutation<void, AnswerFile & { id: string; motivation: Motivation }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/task/annotations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted({ answerId, key, id }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          annotateApi.util.updateQueryData('annotations', { answerId, key }, (list) =>
            list.filter((item) => item.id !== id),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** The PDF with its annotations drawn in, saved under the name the service gives it. */
    downloadAnnotated: build.mutation<null, AnswerFile & { fileName: string }>({
      query: ({ answerId, key, fileName }) => ({
        url: `${answerFilePath(answerId, key)}/annotated`,
        cache: 'no-store',
        responseHandler: async (response) => {
          if (!response.ok) return (await response.json().catch(() => null)) as unknown;
          saveBlob(await response.blob(), fileName);
          return null;
        },
      }),
    }),
  }),
});

export const {
  useAnnotationsQuery,
  useAnswerFileQuery,
  useCreateAnnotationMutation,
  useUpdateAnnotationMutation,
  useDeleteAnnotationMutation,
  useDownloadAnnotatedMutation,
} = annotateApi;

announceSaves(annotateApi, {
  createAnnotation: ({ result }) =>
    i18n.t('task.annotate.saved.created', {
      kind: kindOf(result.motivation),
      page: result.target.selector.page,
    }),
  updateAnnotation: ({ result }) =>
    i18n.t('task.annotate.saved.updated', {
      kind: kindOf(result.motivation),
      page: result.target.selector.page,
    }),
  deleteAnnotation: ({ arg }) => i18n.t('task.annotate.saved.deleted', { kind: kindOf(arg.motivation) }),
  downloadAnnotated: silent('a download, which the browser shows itself'),
});
