import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { InputField } from '../layout/InputField';
import { Pagination } from '../layout/Pagination';
import { WarningAlert } from '../layout/WarningAlert';
import { fromDateTimeField, useDates } from '../lib/dates';
import { useListParams } from '../lib/useListParams';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import { JoinForm, NameForm } from './JoinForm';
import {
  PROJECT_PAGE_SIZE,
  useCreateProjectMutation,
  useDeleteWorkspaceMutation,
  useUpdateWorkspaceMutation,
  useProjectsQuery,
  useWorkspaceQuery,
  useWorkspaceTokenMutation,
  type Workspace,
} from './projectsApi';
import styles from './projects.module.css';

/** The owner's join token: shown with its expiry, and made anew until a chosen time. */
function TokenPanel({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [makeToken, making] = useWorkspaceTokenMutation();
  const expired =
    workspace.token_expired_at !== null &&
    new Date(workspace.token_expired_at.replace(' ', 'T')) < new Date();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tokenExpiredAt = fromDateTimeField(until);
    if (!tokenExpiredAt) return setProblem(t('projects.workspace.untilRequired'));
    setProblem(null);
    makeToken({ id: workspace.id, token_expired_at: tokenExpiredAt })
      .unwrap()
      .catch((error: unknown) =>
        setProblem(notificationFor(error, t('projects.workspace.tokenFailed')).text),
      );
  };
  return (
    <section className="card card-body" aria-labelledby="token-title">
      <h2 id="token-title" className="section-title">
        {t('projects.workspace.tokenTitle')}
      </h2>
      {workspace.token ? (
        <>
          <p className={styles.token}>{t('projects.workspace.tokenIs', { token: workspace.token })}</p>
          {workspace.token_expired_at && (
            <p className="muted small">
              {t(expired ? 'projects.workspace.tokenExpired' : 'projects.workspace.tokenUntil', {
                date: dates.dateTime(workspace.token_expired_at),
              })}
            </p>
          )}
        </>
      ) : (
        <p className="muted small">{t('projects.workspace.noToken')}</p>
      )}
      <form onSubmit={submit} noValidate>
        <div className={styles.inlineForm}>
          <InputField
            id="token-until"
            type="datetime-local"
            label={t('projects.workspace.validUntil')}
            value={until}
            onChange={setUntil}
            invalid={problem !== null}
          />
          <button type="submit" className="button small" disabled={making.isLoading}>
            {t('projects.workspace.makeToken')}
          </button>
        </div>
        <WarningAlert>{problem}</WarningAlert>
      </form>
    </section>
  );
}

/** The owner's form of the workspace's name and description. */
function EditWorkspace({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const [name, setName] = useState(workspace.name);
  const [description, setDescription] = useState(workspace.description);
  const [problem, setProblem] = useState<string | null>(null);
  const [update, updating] = useUpdateWorkspaceMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('projects.workspaces.nameRequired'));
    setProblem(null);
    update({ id: workspace.id, name: name.trim(), description })
      .unwrap()
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.workspace.editFailed')).text));
  };
  return (
    <details className="card card-body">
      <summary>{t('projects.workspace.edit')}</summary>
      <form onSubmit={submit} noValidate>
        <InputField
          id="edit-workspace-name"
          label={t('projects.workspaces.name')}
          value={name}
          onChange={setName}
          maxLength={200}
          invalid={problem !== null && !name.trim()}
        />
        <InputField
          id="edit-workspace-description"
          label={t('projects.workspaces.description')}
          value={description}
          onChange={setDescription}
          maxLength={5000}
        />
        <WarningAlert>{problem}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button button-primary small" disabled={updating.isLoading}>
            {t('projects.workspace.saveEdit')}
          </button>
        </p>
      </form>
    </details>
  );
}

/** The workspace's projects the caller is in (all of them for its owner), 6 a page. */
function ProjectList({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { page, goTo } = useListParams();
  const projects = useProjectsQuery({ workspaceId: workspace.id, offset: (page - 1) * PROJECT_PAGE_SIZE });
  const [create] = useCreateProjectMutation();
  return (
    <section aria-labelledby="projects-title">
      <h2 id="projects-title" className="section-title">
        {t('projects.projects.title')}
      </h2>
      {workspace.is_owner && (
        <NameForm
          id="project-name"
          label={t('projects.projects.name')}
          submit={t('projects.projects.create')}
          failed={t('projects.projects.createFailed')}
          onSubmit={(name) => create({ workspace_id: Number(workspace.id), name, description: '' }).unwrap()}
        />
      )}
      <QueryState
        query={projects}
        loading={t('projects.projects.loading')}
        failed={t('projects.projects.failed')}
        empty={projects.data?.items.length === 0 ? t('projects.projects.empty') : null}
      >
        {() => (
          <>
            <ul className={`plain-list ${styles.grid}`} aria-label={t('projects.projects.title')}>
              {projects.data!.items.map((project) => (
                <li key={project.id} className={`card card-body ${styles.card}`}>
                  <h3>
                    <Link to={`/workspace/project-detail/${encodeURIComponent(project.id)}`}>
                      {project.name}
                    </Link>
                  </h3>
                  {project.description && <p className="small">{project.description}</p>}
                  <p className="muted small">
                    {t('projects.projects.memberCount', { count: project.members.length })}
                  </p>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(projects.data!.total, PROJECT_PAGE_SIZE)}
              onPage={goTo}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

/**
 * `/workspace/project-list/{workspaceId}`: a workspace's projects and members, its join token for
 * its owner; someone not in it is offered to join with the token (spec 03 §6).
 */
export default function WorkspacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { workspaceId = '' } = useParams();
  const workspace = useWorkspaceQuery(workspaceId);
  const [remove] = useDeleteWorkspaceMutation();
  if ((workspace.error as { status?: unknown } | undefined)?.status === 404)
    return (
      <section aria-labelledby="join-title" className="card card-body">
        <h1 id="join-title">{t('projects.join.title', { name: t('projects.join.thisWorkspace') })}</h1>
        <p>{t('projects.join.notMember')}</p>
        <JoinForm workspace={{ id: workspaceId, name: t('projects.join.thisWorkspace') }} />
      </section>
    );
  return (
    <QueryState
      query={workspace}
      loading={t('projects.workspace.loading')}
      failed={t('projects.workspace.failed')}
      empty={null}
    >
      {() => {
        const w = workspace.data!;
        return (
          <section aria-labelledby="workspace-title">
            <header className="page-header">
              <h1 id="workspace-title">{w.name}</h1>
              {w.is_owner && (
                <ConfirmButton
                  className="button button-danger small"
                  question={t('projects.workspace.confirmDelete', { name: w.name })}
                  action={t('projects.workspace.delete')}
                  onConfirm={() =>
                    void remove(w.id)
                      .unwrap()
                      .then(() => navigate('/workspace'))
                  }
                >
                  {t('projects.workspace.delete')}
                </ConfirmButton>
              )}
            </header>
            <p className="muted">{t('projects.workspaces.owner', { name: w.owner.name })}</p>
            {w.description && <p>{w.description}</p>}
            <div className={styles.columns2}>
              <ProjectList workspace={w} />
              <div>
                {w.is_owner && <TokenPanel workspace={w} />}
                {w.is_owner && <EditWorkspace key={w.id} workspace={w} />}
                <section aria-labelledby="members-title">
                  <h2 id="members-title" className="section-title">
                    {t('projects.workspace.members')}
                  </h2>
                  {w.members?.length ? (
                    <ul className="plain-list">
                      {w.members.map((member) => (
                        <li key={member.user_id} className="list-row">
                          {member.name} <span className="muted small">{member.code}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="muted">{t('projects.workspace.noMembers')}</p>
                  )}
                </section>
              </div>
            </div>
          </section>
        );
      }}
    </QueryState>
  );
}
