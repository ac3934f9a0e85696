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
import i18n from '../i18n/i18n';
import { announceSaves, cachedResults, silent, type ApiState } from '../notifications/saved';
import type {
  AnswerOption,
  Dataset,
  DatasetItem,
  DatasetItems,
  Exam,
  ExamClass,
  ExamPerson,
  ExamToken,
  QtiExport,
  Question,
  QuestionPreview,
} from './examTypes';
import { skippedOf } from './importReport';
import { inOrder } from './questions';

/** The exam homepage list: the user's exams, latest start first, a page of 1000 (spec 02 §9). */
export const HOME_EXAMS: ListQuery = { sort: '-start_at', limit: 1000, include: ['course'] };

/** The exams of one course, latest start first. */
export const courseExams = (courseId: string): ListQuery => ({
  filter: { course_id: { is: courseId } },
  sort: '-start_at',
  limit: 0,
});

/** One package of an exam: its questions with their options (page limit 0 = all, spec 02 §9). */
export interface PackageKey {
  examId: string;
  pack: number;
}

const questionsQuery = ({ examId, pack }: PackageKey) =>
  `exam/questions?${toSearchParams({
    filter: { exam_id: { is: examId }, package: { is: pack } },
    include: ['answers'],
    sort: 'index',
    limit: 0,
  })}`;

const packageTag = ({ examId, pack }: PackageKey) => ({
  type: 'ExamQuestions' as const,
  id: `${examId}/${pack}`,
});
const examTag = (id: string | number) => ({ type: 'Exam' as const, id: String(id) });

const withTags = api.enhanceEndpoints({ addTagTypes: ['Exam', 'ExamQuestions', 'QuestionTags', 'Datasets'] });

/**
 * The exam service's authoring calls (spec 02 §7 "Exams", "Questions and answers"; spec 03
 * datasets and question bank). The editor shows each failure beside what failed, so the calls are
 * quiet; a save tells its success in a toast (notifications/saved.ts).
 */
export const examsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    exams: build.query<Page<Exam>, ListQuery>({
      extraOptions: QUIET,
      query: (query) => `exam/exams?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Exam>(document),
      providesTags: (result) => [
        { type: 'Exam', id: 'LIST' },
        ...(result?.items ?? []).map((exam) => examTag(exam.id)),
      ],
    }),
    exam: build.query<Exam, string>({
      extraOptions: QUIET,
      query: (id) => `exam/exams/${encodeURIComponent(id)}?${toSearchParams({ include: ['course'] })}`,
      transformResponse: (document: Document) => deserializeOne<Exam>(document),
      providesTags: (_r, _e, id) => [examTag(id)],
    }),
    createExam: build.mutation<Exam, { course_id: number; name: string; type?: string | null }>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'exam/exams',
        method: 'POST',
        // spec 02 §5: passing grade defaults to 0 on create
        body: attributesBody({ passing_grade: 0, ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Exam>(document),
      invalidatesTags: [{ type: 'Exam', id: 'LIST' }],
    }),
    updateExam: build.mutation<Exam, { id: string; changes: Record<string, unknown> }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `exam/exams/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody(changes),
      }),
      transformResponse: (document: Document) => deserializeOne<Exam>(document),
      invalidatesTags: (_r, _e, { id }) => [examTag(id), { type: 'Exam', id: 'LIST' }],
    }),
    deleteExam: build.mutation<void, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `exam/exams/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [examTag(id), { type: 'Exam', id: 'LIST' }],
    }),
    restoreExam: build.mutation<void, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `exam/exams/${encodeURIComponent(id)}/restore`, method: 'PATCH' }),
      invalidatesTags: (_r, _e, { id }) => [examTag(id), { type: 'Exam', id: 'LIST' }],
    }),
    /** A package more: the exam's `package` count raised by one. */
    addPackage: build.mutation<Exam, { id: string; packages: number }>({
      extraOptions: QUIET,
      query: ({ id, packages }) => ({
        url: `exam/exams/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ package: packages + 1 }),
      }),
      transformResponse: (document: Document) => deserializeOne<Exam>(document),
      invalidatesTags: (_r, _e, { id }) => [examTag(id)],
    }),
    /** Deletes package `pack` and its questions; the packages after it are renumbered. */
    deletePackage: build.mutation<void, PackageKey>({
      extraOptions: QUIET,
      query: ({ examId, pack }) => ({
        url: `exam/exams/${encodeURIComponent(examId)}/package/${pack}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { examId }) => [examTag(examId), 'ExamQuestions'],
    }),
    createToken: build.mutation<
      ExamToken,
      { exam_id: number; token_length: number; token_duration: number; token_reconnect: boolean }
    >({
      extraOptions: QUIET,
      query: (attributes) => ({ url: 'exam/exams/token', method: 'POST', body: attributesBody(attributes) }),
      transformResponse: (document: Document) => deserializeOne<ExamToken>(document),
      invalidatesTags: (_r, _e, { exam_id }) => [examTag(exam_id)],
    }),
    /** The Safe Exam Browser configuration of the exam, as a file. */
    sebFile: build.query<Blob, string>({
      extraOptions: QUIET,
      query: (id) => ({
        url: `exam/safe/${encodeURIComponent(id)}/download`,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * One package as an IMS QTI 2.1 content package (zip), and the questions QTI cannot carry
     * (parameterized ones), left out: their index and why.
     */
    qtiPackage: build.query<QtiExport, PackageKey>({
      extraOptions: QUIET,
      query: ({ examId, pack }) => ({
        url: `exam/exams/${encodeURIComponent(examId)}/packages/${pack}/qti`,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
      transformResponse: (blob: Blob, meta) => ({
        blob,
        skipped: skippedOf(meta?.response?.headers.get('x-qti-not-exported') ?? null),
      }),
      keepUnusedDataFor: 0,
    }),
    /** The import template of a format, which imports cleanly as shipped. */
    importTemplate: build.query<Blob, 'xlsx' | 'docx'>({
      extraOptions: QUIET,
      query: (format) => ({
        url: `exam/imports/templates/${format}`,
        responseHandler: (response) => response.blob(),
      }),
    }),

    /** A question filled from the first item of its dataset, each option's formula computed. */
    questionPreview: build.query<QuestionPreview, string>({
      extraOptions: QUIET,
      query: (id) => `exam/questions/${encodeURIComponent(id)}/preview`,
      transformResponse: (document: Document) => deserializeOne<QuestionPreview>(document),
      providesTags: ['Datasets'],
    }),
    questions: build.query<Question[], PackageKey>({
      extraOptions: QUIET,
      query: questionsQuery,
      transformResponse: (document: Document) =>
        inOrder(deserializeList<Question>(document)).map((question) => ({
          ...question,
          answers: inOrder(question.answers ?? []),
        })),
      providesTags: (_r, _e, key) => [packageTag(key)],
    }),
    /** A new question, last in its package (the server gives it the highest index + 1). */
    createQuestion: build.mutation<Question, PackageKey & { questions_type: Question['questions_type'] }>({
      extraOptions: QUIET,
      query: ({ examId, pack, questions_type }) => ({
        url: 'exam/questions',
        method: 'POST',
        // spec 02 §5: group always A, weight 1; the server adds the type's starting options
        body: attributesBody({
          exam_id: Number(examId),
          package: pack,
          questions_type,
          group: 'A',
          weight: 1,
        }),
      }),
      transformResponse: (document: Document) => deserializeOne<Question>(document),
      invalidatesTags: (_r, _e, key) => [packageTag(key), examTag(key.examId)],
    }),
    updateQuestion: build.mutation<Question, PackageKey & { id: string; changes: Record<string, unknown> }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `exam/questions/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody(changes),
      }),
      transformResponse: (document: Document) => deserializeOne<Question>(document),
      invalidatesTags: (_r, _e, key) => [packageTag(key), 'QuestionTags'],
    }),
    deleteQuestion: build.mutation<void, PackageKey & { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `exam/questions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted({ id, ...key }, { dispatch, queryFulfilled }) {
        // spec 02 §4: deleting a question removes it from the list
        const patch = dispatch(
          examsApi.util.updateQueryData('questions', key, (draft) => draft.filter((item) => item.id !== id)),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, key) => [packageTag(key)],
    }),
    /**
     * Moves a question to `index`; the server renumbers the package around it. The list shows the
     * new order at once (`order`: the package's questions after the move) and goes back on failure.
     */
    moveQuestion: build.mutation<void, PackageKey & { id: string; index: number; order: Question[] }>({
      extraOptions: QUIET,
      query: ({ id, index }) => ({
        url: `exam/questions/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ index }),
      }),
      async onQueryStarted({ id: _id, index: _index, order, ...key }, { dispatch, queryFulfilled }) {
        const patch = dispatch(examsApi.util.updateQueryData('questions', key, () => order));
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, key) => [packageTag(key)],
    }),
    createOption: build.mutation<AnswerOption, PackageKey & { attributes: Record<string, unknown> }>({
      extraOptions: QUIET,
      query: ({ attributes }) => ({ url: 'exam/answers', method: 'POST', body: attributesBody(attributes) }),
      transformResponse: (document: Document) => deserializeOne<AnswerOption>(document),
      invalidatesTags: (_r, _e, key) => [packageTag(key)],
    }),
    updateOption: build.mutation<AnswerOption, PackageKey & { id: string; changes: Record<string, unknown> }>(
      {
        extraOptions: QUIET,
        query: ({ id, changes }) => ({
          url: `exam/answers/${encodeURIComponent(id)}`,
          method: 'PATCH',
          body: attributesBody(changes),
        }),
        transformResponse: (document: Document) => deserializeOne<AnswerOption>(document),
        // a formula changed: the dataset's previewed results change with it
        invalidatesTags: (_r, _e, key) => [packageTag(key), 'Datasets'],
      },
    ),
    deleteOption: build.mutation<void, PackageKey & { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `exam/answers/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, key) => [packageTag(key)],
    }),
    /** The tags of the course's questions. */
    questionTags: build.query<string[], string>({
      extraOptions: QUIET,
      query: (courseId) => `exam/questions/tags?course_id=${encodeURIComponent(courseId)}`,
      transformResponse: (document: Document) =>
        deserializeList<{ id: string; tag?: string }>(document).map((tag) => tag.tag ?? tag.id),
      providesTags: ['QuestionTags'],
    }),
    /** The course's question bank: questions without an exam, by tag, ten to a page (spec 03 §9). */
    questionBank: build.query<Page<Question>, { courseId: string; tag: string; offset: number }>({
      extraOptions: QUIET,
      query: ({ courseId, tag, offset }) =>
        `exam/courses/${encodeURIComponent(courseId)}/questions?${toSearchParams({
          ...(tag ? { filter: { tags: { is: tag } } } : {}),
          include: ['answers'],
          limit: 10,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<Question>(document),
    }),
    copyQuestions: build.mutation<void, PackageKey & { questions: number[] }>({
      extraOptions: QUIET,
      query: ({ examId, pack, questions }) => ({
        url: `exam/exams/${encodeURIComponent(examId)}/questions/copy`,
        method: 'POST',
        body: attributesBody({ package: pack, questions }),
      }),
      invalidatesTags: (_r, _e, key) => [packageTag(key)],
    }),
    /** The exam with its own assistants (lecturers added to this exam only, spec 02 §7). */
    examAssistants: build.query<ExamPerson[], string>({
      extraOptions: QUIET,
      query: (id) => `exam/exams/${encodeURIComponent(id)}?${toSearchParams({ include: ['assistants'] })}`,
      transformResponse: (document: Document) => deserializeOne<Exam>(document).assistants ?? [],
      providesTags: (_r, _e, id) => [examTag(id)],
    }),
    /** Adds or removes exam assistants (`PUT /exam/exams/assistant`). */
    changeExamAssistants: build.mutation<
      void,
      { examId: string; action: 'add' | 'remove'; userIds: number[]; names: string[] }
    >({
      extraOptions: QUIET,
      query: ({ examId, action, userIds }) => ({
        url: 'exam/exams/assistant',
        method: 'PUT',
        body: [{ action, exam_id: Number(examId), user_ids: userIds }],
      }),
      invalidatesTags: (_r, _e, { examId }) => [examTag(examId)],
    }),
    /** The classes that take the exam (every class of its course when it names none). */
    examClasses: build.query<ExamClass[], string>({
      extraOptions: QUIET,
      query: (id) => `exam/exams/${encodeURIComponent(id)}/classes`,
      transformResponse: (document: Document) => deserializeList<ExamClass>(document),
      providesTags: (_r, _e, id) => [examTag(id)],
    }),
    /** The classes of a course, to choose those that take an exam from. */
    courseClasses: build.query<ExamClass[], string>({
      extraOptions: QUIET,
      query: (courseId) => `course/courses/${encodeURIComponent(courseId)}/classes`,
      transformResponse: (document: Document) => deserializeList<ExamClass>(document),
    }),
    /** Sets the classes that take the exam; none = every class of the course. */
    setExamClasses: build.mutation<Exam, { id: string; classIds: number[] }>({
      extraOptions: QUIET,
      query: ({ id, classIds }) => ({
        url: `exam/exams/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ class_ids: classIds }),
      }),
      transformResponse: (document: Document) => deserializeOne<Exam>(document),
      invalidatesTags: (_r, _e, { id }) => [examTag(id)],
    }),
    datasets: build.query<Dataset[], string>({
      extraOptions: QUIET,
      query: (courseId) => `exam/datasets?filter[course_id]=${encodeURIComponent(courseId)}`,
      transformResponse: (document: Document) => deserializeList<Dataset>(document),
      providesTags: ['Datasets'],
    }),
    createDataset: build.mutation<Dataset, { course_id: number }>({
      extraOptions: QUIET,
      query: (attributes) => ({ url: 'exam/datasets', method: 'POST', body: attributesBody(attributes) }),
      transformResponse: (document: Document) => deserializeOne<Dataset>(document),
      invalidatesTags: ['Datasets'],
    }),
    renameDataset: build.mutation<Dataset, { id: string; name: string }>({
      extraOptions: QUIET,
      query: ({ id, name }) => ({
        url: `exam/datasets/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ name }),
      }),
      transformResponse: (document: Document) => deserializeOne<Dataset>(document),
      invalidatesTags: ['Datasets'],
    }),
    createVariable: build.mutation<void, { data_set_id: number; name: string }>({
      extraOptions: QUIET,
      // spec 03 §9: min 1, max 5, 0 decimal places unless changed
      query: (attributes) => ({
        url: 'exam/datasetdetails',
        method: 'POST',
        body: attributesBody({ min_value: 1, max_value: 5, decimal_place: 0, ...attributes }),
      }),
      invalidatesTags: ['Datasets'],
    }),
    updateVariable: build.mutation<void, { id: string; changes: Record<string, unknown> }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `exam/datasetdetails/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody(changes),
      }),
      invalidatesTags: ['Datasets'],
    }),
    generateItems: build.mutation<void, { id: string; count: number }>({
      extraOptions: QUIET,
      query: ({ id, count }) => ({
        url: `exam/datasets/${encodeURIComponent(id)}/items`,
        method: 'POST',
        body: attributesBody({ count }),
      }),
      invalidatesTags: ['Datasets'],
    }),
    /**
     * A dataset's generated items, each with the results of the formulas of the saved questions
     * that use the dataset (`formulas`, in the order of each item's `results`).
     */
    datasetItems: build.query<DatasetItems, string>({
      extraOptions: QUIET,
      query: (id) => `exam/datasets/${encodeURIComponent(id)}/items`,
      transformResponse: (document: Document) => ({
        items: deserializeList<DatasetItem>(document),
        formulas: ((document.meta as { formulas?: unknown[] } | undefined)?.formulas ?? []).map(String),
      }),
      providesTags: ['Datasets'],
    }),
  }),
});

/** An exam's name for a success toast, as a screen read it; its number when none had. */
function examNameIn(before: ApiState, id: string | number): string {
  const key = String(id);
  return (
    cachedResults(before, examsApi.endpoints.exam).find((exam) => exam.id === key)?.name ??
    cachedResults(before, examsApi.endpoints.exams)
      .flatMap((page) => page.items)
      .find((exam) => exam.id === key)?.name ??
    `#${key}`
  );
}

announceSaves(examsApi, {
  createExam: ({ result }) => i18n.t('exam.saved.created', { name: result.name }),
  updateExam: ({ arg, before }) => i18n.t('exam.saved.updated', { name: examNameIn(before, arg.id) }),
  deleteExam: ({ arg, before }) => i18n.t('exam.saved.deleted', { name: examNameIn(before, arg.id) }),
  restoreExam: ({ arg, before }) => i18n.t('exam.saved.restored', { name: examNameIn(before, arg.id) }),
  addPackage: ({ arg }) => i18n.t('exam.saved.packageAdded', { pack: arg.packages + 1 }),
  deletePackage: ({ arg }) => i18n.t('exam.saved.packageDeleted', { pack: arg.pack }),
  createToken: ({ result }) => i18n.t('exam.saved.tokenCreated', { token: result.token }),
  createQuestion: ({ arg }) => i18n.t('exam.saved.questionAdded', { pack: arg.pack }),
  updateQuestion: () => i18n.t('exam.saved.questionSaved'),
  deleteQuestion: () => i18n.t('exam.saved.questionDeleted'),
  moveQuestion: ({ arg }) => i18n.t('exam.saved.questionMoved', { index: arg.index }),
  createOption: () => i18n.t('exam.saved.optionAdded'),
  updateOption: silent(
    'an option is saved as the lecturer leaves each of its fields; the question shows it saved',
  ),
  deleteOption: () => i18n.t('exam.saved.optionDeleted'),
  copyQuestions: ({ arg }) =>
    i18n.t('exam.saved.questionsCopied', { count: arg.questions.length, pack: arg.pack }),
  createDataset: ({ result }) => i18n.t('exam.saved.datasetCreated', { name: result.name }),
  changeExamAssistants: ({ arg, before }) =>
    i18n.t(arg.action === 'add' ? 'exam.staff.saved.assistantsAdded' : 'exam.staff.saved.assistantsRemoved', {
      names: arg.names.join(', '),
      name: examNameIn(before, arg.examId),
    }),
  setExamClasses: ({ arg, before }) =>
    arg.classIds.length === 0
      ? i18n.t('exam.staff.saved.classesAll', { name: examNameIn(before, arg.id) })
      : i18n.t('exam.staff.saved.classesSet', {
          count: arg.classIds.length,
          name: examNameIn(before, arg.id),
        }),
  renameDataset: ({ result }) => i18n.t('exam.staff.saved.datasetRenamed', { name: result.name }),
  createVariable: ({ arg }) => i18n.t('exam.saved.variableAdded', { name: arg.name }),
  updateVariable: silent('a variable is saved as the lecturer leaves each of its fields'),
  generateItems: ({ arg }) => i18n.t('exam.saved.itemsGenerated', { count: arg.count }),
});

export const {
  useExamsQuery,
  useExamQuery,
  useCreateExamMutation,
  useUpdateExamMutation,
  useDeleteExamMutation,
  useRestoreExamMutation,
  useAddPackageMutation,
  useDeletePackageMutation,
  useCreateTokenMutation,
  useLazySebFileQuery,
  useLazyQtiPackageQuery,
  useLazyImportTemplateQuery,
  useQuestionsQuery,
  useQuestionPreviewQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useMoveQuestionMutation,
  useCreateOptionMutation,
  useUpdateOptionMutation,
  useDeleteOptionMutation,
  useQuestionTagsQuery,
  useQuestionBankQuery,
  useCopyQuestionsMutation,
  useExamAssistantsQuery,
  useChangeExamAssistantsMutation,
  useExamClassesQuery,
  useCourseClassesQuery,
  useSetExamClassesMutation,
  useDatasetsQuery,
  useCreateDatasetMutation,
  useRenameDatasetMutation,
  useCreateVariableMutation,
  useUpdateVariableMutation,
  useGenerateItemsMutation,
  useDatasetItemsQuery,
} = examsApi;
