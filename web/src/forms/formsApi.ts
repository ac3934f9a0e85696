import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type ListQuery,
  type Page,
} from '../api/jsonapi';
import { sendUpload, type UploadReply } from '../courses/editor/upload';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';
import type { Form, FormAnswer, FormWrite, RubricTemplate } from './formTypes';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Form', 'FormAnswer'] });
const FORM_LIST = { type: 'Form' as const, id: 'LIST' };
const formTag = (id: string | number) => ({ type: 'Form' as const, id: String(id) });
const answersOf = (formId: string | number) => ({ type: 'FormAnswer' as const, id: `form/${formId}` });

/**
 * The course service's forms (logbooks, spec 01 §7 "Forms") and the rubric list the editor picks
 * from. Screens show failures beside what failed, so the calls are quiet. An entry with files is
 * sent by {@link sendEntry} (multipart, with progress).
 */
export const formsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    forms: build.query<Page<Form>, ListQuery>({
      extraOptions: QUIET,
      query: (query) => `course/forms?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Form>(document),
      providesTags: (result) => [FORM_LIST, ...(result?.items ?? []).map((form) => formTag(form.id))],
    }),
    form: build.query<Form, string>({
      extraOptions: QUIET,
      query: (id) => `course/forms/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<Form>(document),
      providesTags: (_r, _e, id) => [formTag(id)],
    }),
    createForm: build.mutation<Form, FormWrite>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'course/forms',
        method: 'POST',
        body: attributesBody({ ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Form>(document),
      invalidatesTags: [FORM_LIST],
    }),
    updateForm: build.mutation<Form, { id: string; changes: Partial<FormWrite> }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `course/forms/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ ...changes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Form>(document),
      invalidatesTags: (_r, _e, { id }) => [formTag(id), FORM_LIST],
    }),
    formAnswers: build.query<FormAnswer[], string>({
      extraOptions: QUIET,
      query: (formId) =>
        `course/formanswers?${toSearchParams({ filter: { form_id: { is: formId } }, sort: '-period', limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<FormAnswer>(document),
      providesTags: (_r, _e, formId) => [answersOf(formId)],
    }),
    assessAnswer: build.mutation<
      FormAnswer,
      {
        formId: string;
        id: string;
        rubrics?: Array<{ criterion: number; level: number }>;
        feedback: string | null;
      }
    >({
      extraOptions: QUIET,
      query: ({ id, rubrics, feedback }) => ({
        url: `course/formanswers/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ ...(rubrics ? { rubrics } : {}), feedback }),
      }),
      transformResponse: (document: Document) => deserializeOne<FormAnswer>(document),
      invalidatesTags: (_r, _e, { formId }) => [answersOf(formId), formTag(formId)],
    }),
    /** A file of an entry (`course/formanswers/{id}/files/{key}`), read with the session. */
    formAnswerFile: build.query<Blob, { answerId: string; key: string }>({
      extraOptions: QUIET,
      query: ({ answerId, key }) => ({
        // a key's last segment names the file (an encoded slash is refused before the route)
        url: `course/formanswers/${encodeURIComponent(answerId)}/files/${encodeURIComponent(key.split('/').pop() ?? '')}`,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
      keepUnusedDataFor: 0,
    }),
    rubrics: build.query<RubricTemplate[], void>({
      extraOptions: QUIET,
      query: () => `course/rubrics?${toSearchParams({ limit: -1 })}`,
      transformResponse: (document: Document) => deserializeList<RubricTemplate>(document),
    }),
  }),
});

announceSaves(formsApi, {
  createForm: ({ arg }) => i18n.t('forms.saved.created', { title: arg.title }),
  updateForm: ({ result }) => i18n.t('forms.saved.updated', { title: result.title }),
  assessAnswer: () => i18n.t('forms.saved.assessed'),
});

export const {
  useFormsQuery,
  useFormQuery,
  useCreateFormMutation,
  useUpdateFormMutation,
  useFormAnswersQuery,
  useAssessAnswerMutation,
  useLazyFormAnswerFileQuery,
  useRubricsQuery,
} = formsApi;

/** After an entry was sent outside RTK Query: the form's state and its entries are read again. */
export const entrySent = (formId: string) =>
  formsApi.util.invalidateTags([formTag(formId), answersOf(formId), FORM_LIST]);

export const FORM_ANSWERS_URL = '/api/course/formanswers';

/** An entry as multipart: `form_id`, `lists` as JSON text, then the files (`file` parts). */
export function entryForm(
  formId: string,
  lists: Array<{ key: string; value: string }>,
  files: File[],
): FormData {
  const form = new FormData();
  form.append('form_id', formId);
  form.append('lists', JSON.stringify(lists));
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** Sends an entry with its upload progress; resolves with the status and the answer's body. */
export function sendEntry(
  form: FormData,
  options: { token: string | undefined; onProgress?: (percent: number | null) => void },
): Promise<UploadReply> {
  return sendUpload(form, { ...options, url: FORM_ANSWERS_URL });
}
