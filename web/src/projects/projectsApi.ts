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
import { announceSaves, cachedResults, silent, type ApiState } from '../notifications/saved';
import { watchBoard } from './boardSocket';

/** Workspaces and projects a page (spec 03 §9). */
export const WORKSPACE_PAGE_SIZE = 6;
export const PROJECT_PAGE_SIZE = 6;
export const TIMELINE_PAGE_SIZE = 20;

/** A person of a workspace or project (spec 03 §3 members: user_id, code). */
export interface Person {
  user_id: number;
  code: string;
  name: string;
  thumbnail: string | null;
}

export interface Workspace {
  id: string;
  name: string;
  description: string;
  thumbnail: string | null;
  user_id: number;
  owner: Person;
  /** For its owner and members only. */
  members: Person[] | null;
  member_count: number;
  project_count: number;
  is_owner: boolean;
  is_member: boolean;
  /** The join token, for the owner only. */
  token: string | null;
  token_expired_at: string | null;
}

export interface Project {
  id: string;
  workspace_id: number;
  workspace_name: string;
  name: string;
  description: string;
  members: Person[];
  /** The caller owns the project's workspace. */
  is_owner: boolean;
}

export interface ProjectModule {
  id: string;
  project_id: number;
  name: string;
}

/** A card of a board: its assignees (members of the project, by user id) and due date (wire format). */
export interface BoardCard {
  id: number;
  title: string;
  description: string;
  assignee_ids: number[];
  due_at: string | null;
  /** Marked done (since `completed_at`): never shown overdue. */
  is_completed: boolean;
  completed_at: string | null;
}

export interface Board {
  version: number;
  columns: Array<{ id: number; name: string; cards: BoardCard[] }>;
}

/** Most members assigned to one card (as the service allows). */
export const MAX_ASSIGNEES = 10;

export interface ContentComment {
  id: number;
  comment: string;
  created_at: string;
  user_id: number;
  user_name: string;
  thumbnail: string | null;
}

/** A file content's stored file. */
export interface ContentFile {
  key: string;
  name: string;
  size: number;
  mime: string;
}

export interface Content {
  id: string;
  project_id: number;
  project_module_id: number;
  name: string;
  content_type: 'text' | 'board' | 'file';
  text: string | null;
  board: Board | null;
  file: ContentFile | null;
  comments: ContentComment[] | null;
  updated_at: string;
}

export interface Activity {
  id: string;
  action: string;
  actor: Person;
  subject_name: string;
  data: Record<string, unknown>;
  created_at: string;
}

interface AuthState {
  auth: { stored: { accessToken?: string } | null };
}

const withTags = api.enhanceEndpoints({
  addTagTypes: ['Workspace', 'Project', 'ProjectModule', 'ProjectContent', 'ProjectTimeline'],
});

const one =
  <T extends { id: string }>() =>
  (document: Document) =>
    deserializeOne<T>(document);

/**
 * Workspaces, projects, modules, contents and boards (spec 03 §7). A watched board follows the
 * project socket: another member's change replaces the cached board when it is newer.
 */
export const projectsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    workspaces: build.query<Page<Workspace>, { offset: number }>({
      extraOptions: QUIET,
      query: ({ offset }) => `project/workspaces?${toSearchParams({ limit: WORKSPACE_PAGE_SIZE, offset })}`,
      transformResponse: (document: Document) => deserializePage<Workspace>(document),
      providesTags: [{ type: 'Workspace', id: 'LIST' }],
    }),
    workspace: build.query<Workspace, string>({
      extraOptions: QUIET,
      query: (id) => `project/workspaces/${encodeURIComponent(id)}`,
      transformResponse: one<Workspace>(),
      providesTags: (_r, _e, id) => [{ type: 'Workspace', id }],
    }),
    createWorkspace: build.mutation<Workspace, { name: string; description: string }>({
      extraOptions: QUIET,
      query: (input) => ({ url: 'project/workspaces', method: 'POST', body: attributesBody(input) }),
      transformResponse: one<Workspace>(),
      invalidatesTags: [{ type: 'Workspace', id: 'LIST' }],
    }),
    updateWorkspace: build.mutation<Workspace, { id: string; name: string; description: string }>({
      extraOptions: QUIET,
      query: ({ id, ...input }) => ({
        url: `project/workspaces/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody(input),
      }),
      transformResponse: one<Workspace>(),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Workspace', id },
        { type: 'Workspace', id: 'LIST' },
      ],
    }),
    deleteWorkspace: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `project/workspaces/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Workspace', id: 'LIST' }],
    }),
    workspaceToken: build.mutation<Workspace, { id: string; token_expired_at: string }>({
      extraOptions: QUIET,
      query: ({ id, token_expired_at }) => ({
        url: `project/workspaces/${encodeURIComponent(id)}/token`,
        method: 'PATCH',
        body: attributesBody({ token_expired_at }),
      }),
      transformResponse: one<Workspace>(),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Workspace', id }],
    }),
    joinWorkspace: build.mutation<Workspace, { workspace_id: string; token: string }>({
      extraOptions: QUIET,
      query: ({ workspace_id, token }) => ({
        url: 'project/workspaces/join',
        method: 'POST',
        body: attributesBody({ type: 'student', workspace_id: Number(workspace_id), token: token.trim() }),
      }),
      transformResponse: one<Workspace>(),
      invalidatesTags: (_r, _e, { workspace_id }) => [
        { type: 'Workspace', id: 'LIST' },
        { type: 'Workspace', id: workspace_id },
      ],
    }),
    projects: build.query<Page<Project>, { workspaceId: string; offset: number }>({
      extraOptions: QUIET,
      query: ({ workspaceId, offset }) =>
        `project/projects?${toSearchParams({
          filter: { workspace_id: { is: workspaceId } },
          limit: PROJECT_PAGE_SIZE,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<Project>(document),
      providesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    project: build.query<Project, string>({
      extraOptions: QUIET,
      query: (id) => `project/projects/${encodeURIComponent(id)}`,
      transformResponse: one<Project>(),
      providesTags: (_r, _e, id) => [{ type: 'Project', id }],
    }),
    createProject: build.mutation<Project, { workspace_id: number; name: string; description: string }>({
      extraOptions: QUIET,
      query: (input) => ({ url: 'project/projects', method: 'POST', body: attributesBody(input) }),
      transformResponse: one<Project>(),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }, 'Workspace'],
    }),
    deleteProject: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `project/projects/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }, 'Workspace'],
    }),
    projectMember: build.mutation<Project, { project_id: string; user_id: number; verb: 'add' | 'remove' }>({
      extraOptions: QUIET,
      query: ({ project_id, user_id, verb }) => ({
        url: `project/projects/${verb}`,
        method: 'POST',
        body: attributesBody({ project_id: Number(project_id), user_id }),
      }),
      transformResponse: one<Project>(),
      invalidatesTags: (_r, _e, { project_id }) => [
        { type: 'Project', id: project_id },
        { type: 'Project', id: 'LIST' },
        { type: 'ProjectTimeline', id: project_id },
      ],
    }),
    projectModules: build.query<ProjectModule[], string>({
      extraOptions: QUIET,
      query: (projectId) =>
        `project/modules?${toSearchParams({ filter: { project_id: { is: projectId } }, sort: 'id', limit: 100 })}`,
      transformResponse: (document: Document) => deserializeList<ProjectModule>(document),
      providesTags: (_r, _e, projectId) => [{ type: 'ProjectModule', id: projectId }],
    }),
    createProjectModule: build.mutation<ProjectModule, { project_id: string; name: string }>({
      extraOptions: QUIET,
      query: ({ project_id, name }) => ({
        url: 'project/modules',
        method: 'POST',
        body: attributesBody({ project_id: Number(project_id), name }),
      }),
      transformResponse: one<ProjectModule>(),
      invalidatesTags: (_r, _e, { project_id }) => [
        { type: 'ProjectModule', id: project_id },
        { type: 'ProjectTimeline', id: project_id },
      ],
    }),
    deleteProjectModule: build.mutation<void, { id: string; project_id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `project/modules/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { project_id }) => [
        { type: 'ProjectModule', id: project_id },
        { type: 'ProjectTimeline', id: project_id },
      ],
    }),
    projectContents: build.query<Content[], string>({
      extraOptions: QUIET,
      query: (moduleId) =>
        `project/contents?${toSearchParams({ filter: { project_module_id: { is: moduleId } }, limit: 100 })}`,
      transformResponse: (document: Document) => deserializeList<Content>(document),
      providesTags: (_r, _e, moduleId) => [{ type: 'ProjectContent', id: `module-${moduleId}` }],
    }),
    /** One content with its comments; a board stays live while it is shown. */
    projectContent: build.query<Content, string>({
      extraOptions: QUIET,
      query: (id) => `project/contents/${encodeURIComponent(id)}`,
      transformResponse: one<Content>(),
      providesTags: (_r, _e, id) => [{ type: 'ProjectContent', id }],
      async onCacheEntryAdded(id, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState }) {
        const loaded = await cacheDataLoaded.catch(() => null);
        if (!loaded || loaded.data.content_type !== 'board') return;
        const close = watchBoard(
          id,
          () => (getState() as unknown as AuthState).auth.stored?.accessToken,
          ({ version, columns }) =>
            updateCachedData((content) => {
              if (content.board && version > content.board.version) content.board = { version, columns };
            }),
        );
        await cacheEntryRemoved;
        close();
      },
    }),
    createProjectContent: build.mutation<
      Content,
      { project_module_id: number; name: string; type: Content['content_type']; columns?: string[] }
    >({
      extraOptions: QUIET,
      query: (input) => ({ url: 'project/contents', method: 'POST', body: attributesBody(input) }),
      transformResponse: one<Content>(),
      invalidatesTags: (result, _e, { project_module_id }) => [
        { type: 'ProjectContent', id: `module-${project_module_id}` },
        { type: 'ProjectTimeline', id: String(result?.project_id) },
      ],
    }),
    updateProjectContent: build.mutation<Content, { id: string; name?: string; text?: string }>({
      extraOptions: QUIET,
      query: ({ id, ...input }) => ({
        url: `project/contents/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody(input),
      }),
      transformResponse: one<Content>(),
      invalidatesTags: (result, _e, { id }) => [
        { type: 'ProjectContent', id },
        { type: 'ProjectContent', id: `module-${result?.project_module_id}` },
        { type: 'ProjectTimeline', id: String(result?.project_id) },
      ],
    }),
    deleteProjectContent: build.mutation<void, { id: string; moduleId: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `project/contents/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { moduleId }) => [
        { type: 'ProjectContent', id: `module-${moduleId}` },
        'ProjectTimeline',
      ],
    }),
    /** The file of a file content, sent as multipart (one part `file`); replaces the one it had. */
    uploadContentFile: build.mutation<Content, { id: string; file: File }>({
      extraOptions: QUIET,
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `project/contents/${encodeURIComponent(id)}/file`, method: 'PUT', body: form };
      },
      transformResponse: one<Content>(),
      invalidatesTags: (result, _e, { id }) => [
        { type: 'ProjectContent', id },
        { type: 'ProjectTimeline', id: String(result?.project_id) },
      ],
    }),
    /** A file content's file, read with the session. */
    contentFile: build.query<Blob, string>({
      extraOptions: QUIET,
      query: (id) => ({
        url: `project/contents/${encodeURIComponent(id)}/file`,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
      keepUnusedDataFor: 0,
    }),
    commentContent: build.mutation<Content, { id: string; comment: string }>({
      extraOptions: QUIET,
      query: ({ id, comment }) => ({
        url: `project/contents/${encodeURIComponent(id)}/comment`,
        method: 'POST',
        body: attributesBody({ comment }),
      }),
      transformResponse: one<Content>(),
      invalidatesTags: (result, _e, { id }) => [
        { type: 'ProjectContent', id },
        { type: 'ProjectTimeline', id: String(result?.project_id) },
      ],
    }),
    /**
     * A change of a board: a card added, edited, moved or deleted, a column added or deleted. The
     * board answered replaces the cached one (when newer than what the socket brought meanwhile).
     */
    changeBoard: build.mutation<Content, BoardChange>({
      extraOptions: QUIET,
      query: (change) => boardRequest(change),
      transformResponse: one<Content>(),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const { contentId } = change;
        // a move shows at once where the card was dropped; undone if the service refuses it
        const moved =
          change.kind === 'moveCard'
            ? dispatch(
                projectsApi.util.updateQueryData('projectContent', contentId, (content) => {
                  if (content.board) content.board.columns = movedCard(content.board, change);
                }),
              )
            : null;
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) moved?.undo();
        if (!data?.board) return;
        const board = data.board;
        dispatch(
          projectsApi.util.updateQueryData('projectContent', contentId, (content) => {
            if (!content.board || board.version > content.board.version) content.board = board;
          }),
        );
        dispatch(projectsApi.util.invalidateTags([{ type: 'ProjectTimeline', id: String(data.project_id) }]));
      },
    }),
    projectTimeline: build.query<
      { items: Activity[]; next: string | null },
      { projectId: string; bucketId?: string }
    >({
      extraOptions: QUIET,
      query: ({ projectId, bucketId }) =>
        `timeline-project/${encodeURIComponent(projectId)}?${new URLSearchParams({
          'page[limit]': String(TIMELINE_PAGE_SIZE),
          ...(bucketId ? { bucketId } : {}),
        }).toString()}`,
      transformResponse: (document: Document) => ({
        items: deserializeList<Activity>(document),
        next: (document.meta?.next_bucket_id as string | null | undefined) ?? null,
      }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'ProjectTimeline', id: projectId }],
    }),
  }),
});

/** What a board change sends, and where. */
export type BoardChange = { contentId: string } & (
  | { kind: 'addCard'; column_id: number; title: string }
  | { kind: 'moveCard'; cardId: number; column_id: number; position: number; title: string }
  | {
      kind: 'editCard';
      cardId: number;
      title: string;
      description: string;
      assignee_ids: number[];
      due_at: string | null;
      is_completed: boolean;
    }
  | { kind: 'deleteCard'; cardId: number; title: string }
  | { kind: 'addColumn'; name: string }
  | { kind: 'deleteColumn'; columnId: number; name: string }
);

/** The board's columns with a card moved to `column_id` at `position` (as the service does it). */
export function movedCard(
  board: Board,
  { cardId, column_id, position }: { cardId: number; column_id: number; position: number },
): Board['columns'] {
  const card = board.columns.flatMap((column) => column.cards).find((c) => c.id === cardId);
  if (!card) return board.columns;
  return board.columns.map((column) => {
    const cards = column.cards.filter((c) => c.id !== cardId);
    if (column.id === column_id) cards.splice(Math.min(position, cards.length), 0, card);
    return { ...column, cards };
  });
}

function boardRequest(change: BoardChange) {
  const base = `project/contents/${encodeURIComponent(change.contentId)}`;
  switch (change.kind) {
    case 'addCard':
      return {
        url: `${base}/cards`,
        method: 'POST',
        body: attributesBody({ column_id: change.column_id, title: change.title }),
      };
    case 'moveCard':
      return {
        url: `${base}/cards/${change.cardId}/move`,
        method: 'POST',
        body: attributesBody({ column_id: change.column_id, position: change.position }),
      };
    case 'editCard': {
      const { title, description, assignee_ids, due_at, is_completed } = change;
      return {
        url: `${base}/cards/${change.cardId}`,
        method: 'PATCH',
        body: attributesBody({ title, description, assignee_ids, due_at, is_completed }),
      };
    }
    case 'deleteCard':
      return { url: `${base}/cards/${change.cardId}`, method: 'DELETE' };
    case 'addColumn':
      return { url: `${base}/columns`, method: 'POST', body: attributesBody({ name: change.name }) };
    case 'deleteColumn':
      return { url: `${base}/columns/${change.columnId}`, method: 'DELETE' };
  }
}

/** A workspace's name as the cache held it before a save. */
function cachedWorkspaceName(before: ApiState, id: string): string {
  const fromList = cachedResults(before, projectsApi.endpoints.workspaces)
    .flatMap((page) => page.items)
    .find((workspace) => workspace.id === id);
  return (
    fromList?.name ??
    cachedResults(before, projectsApi.endpoints.workspace).find((w) => w.id === id)?.name ??
    ''
  );
}

const said = (key: string, values: Record<string, unknown> = {}) => i18n.t(`projects.saved.${key}`, values);

announceSaves(projectsApi, {
  createWorkspace: ({ result }) => said('workspaceCreated', { name: result.name }),
  updateWorkspace: ({ result }) => said('workspaceUpdated', { name: result.name }),
  deleteWorkspace: ({ arg, before }) => said('workspaceDeleted', { name: cachedWorkspaceName(before, arg) }),
  workspaceToken: ({ result }) => said('tokenMade', { token: result.token }),
  joinWorkspace: ({ result }) => said('joined', { name: result.name }),
  createProject: ({ result }) => said('projectCreated', { name: result.name }),
  deleteProject: ({ arg, before }) =>
    said('projectDeleted', {
      name:
        cachedResults(before, projectsApi.endpoints.projects)
          .flatMap((page) => page.items)
          .find((project) => project.id === arg)?.name ?? '',
    }),
  projectMember: ({ arg, result }) =>
    said(arg.verb === 'add' ? 'memberAdded' : 'memberRemoved', { project: result.name }),
  createProjectModule: ({ result }) => said('moduleCreated', { name: result.name }),
  deleteProjectModule: ({ arg, before }) =>
    said('moduleDeleted', {
      name:
        cachedResults(before, projectsApi.endpoints.projectModules)
          .flat()
          .find((module) => module.id === arg.id)?.name ?? '',
    }),
  createProjectContent: ({ result }) => said('contentCreated', { name: result.name }),
  updateProjectContent: ({ result }) => said('contentSaved', { name: result.name }),
  deleteProjectContent: silent('the content leaves the list the member is looking at, which says it'),
  uploadContentFile: ({ result }) => said('fileUploaded', { name: result.file?.name ?? result.name }),
  commentContent: silent('the comment appears under the content at once'),
  changeBoard: silent(
    'the board shows the change where the member made it; a toast per card move would be noise',
  ),
});

export const {
  useWorkspacesQuery,
  useWorkspaceQuery,
  useCreateWorkspaceMutation,
  useUpdateWorkspaceMutation,
  useDeleteWorkspaceMutation,
  useWorkspaceTokenMutation,
  useJoinWorkspaceMutation,
  useProjectsQuery,
  useProjectQuery,
  useCreateProjectMutation,
  useDeleteProjectMutation,
  useProjectMemberMutation,
  useProjectModulesQuery,
  useCreateProjectModuleMutation,
  useDeleteProjectModuleMutation,
  useProjectContentsQuery,
  useProjectContentQuery,
  useCreateProjectContentMutation,
  useUpdateProjectContentMutation,
  useDeleteProjectContentMutation,
  useUploadContentFileMutation,
  useLazyContentFileQuery,
  useCommentContentMutation,
  useChangeBoardMutation,
  useProjectTimelineQuery,
} = projectsApi;
