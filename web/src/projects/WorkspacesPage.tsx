import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { useMeQuery } from '../auth/authApi';
import { InputField } from '../layout/InputField';
import { Pagination } from '../layout/Pagination';
import { WarningAlert } from '../layout/WarningAlert';
import { useListParams } from '../lib/useListParams';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import { JoinForm } from './JoinForm';
import {
  useCreateWorkspaceMutation,
  useWorkspacesQuery,
  WORKSPACE_PAGE_SIZE,
  type Workspace,
} from './projectsApi';
import styles from './projects.module.css';

/** A lecturer's new workspace: name and description. */
function NewWorkspaceForm() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateWorkspaceMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('projects.workspaces.nameRequired'));
    setProblem(null);
    create({ name: name.trim(), description })
      .unwrap()
      .then(() => {
        setName('');
        setDescription('');
      })
      .catch((error: unknown) =>
        setProblem(notificationFor(error, t('projects.workspaces.createFailed')).text),
      );
  };
  return (
    <form className="card card-body" onSubmit={submit} noValidate aria-labelledby="new-workspace-title">
      <h2 id="new-workspace-title" className="section-title">
        {t('projects.workspaces.create')}
      </h2>
      <InputField
        id="workspace-name"
        label={t('projects.workspaces.name')}
        value={name}
        onChange={setName}
        maxLength={200}
        invalid={problem !== null && !name.trim()}
      />
      <InputField
        id="workspace-description"
        label={t('projects.workspaces.description')}
        value={description}
        onChange={setDescription}
        maxLength={5000}
      />
      <WarningAlert>{problem}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary small" disabled={creating.isLoading}>
          {t('projects.workspaces.save')}
        </button>
      </p>
    </form>
  );
}

function WorkspaceCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const inside = workspace.is_owner || workspace.is_member;
  return (
    <li className={`card card-body ${styles.card}`}>
      <h3>
        {inside ? (
          <Link to={`/workspace/project-list/${encodeURIComponent(workspace.id)}`}>{workspace.name}</Link>
        ) : (
          workspace.name
        )}{' '}
        {workspace.is_owner && <span className="badge">{t('projects.workspaces.youOwn')}</span>}
        {workspace.is_member && <span className="badge">{t('projects.workspaces.youJoined')}</span>}
      </h3>
      <p className="muted small">{t('projects.workspaces.owner', { name: workspace.owner.name })}</p>
      {workspace.description && <p className="small">{workspace.description}</p>}
      <p className="muted small">
        {t('projects.workspaces.memberCount', { count: workspace.member_count })} ·{' '}
        {t('projects.workspaces.projectCount', { count: workspace.project_count })}
      </p>
      {!inside && <JoinForm workspace={workspace} />}
    </li>
  );
}

/** `/workspace`: the campus's workspaces as cards, 6 a page (spec 03 §9); lecturers make new ones. */
export default function WorkspacesPage() {
  const { t } = useTranslation();
  const me = useMeQuery();
  const { page, goTo } = useListParams();
  const workspaces = useWorkspacesQuery({ offset: (page - 1) * WORKSPACE_PAGE_SIZE });
  return (
    <section aria-labelledby="workspaces-title">
      <header className="page-header">
        <h1 id="workspaces-title">{t('projects.workspaces.title')}</h1>
      </header>
      <p className="lead">{t('projects.workspaces.intro')}</p>
      {me.data?.role === 'lecturer' && <NewWorkspaceForm />}
      <QueryState
        query={workspaces}
        loading={t('projects.workspaces.loading')}
        failed={t('projects.workspaces.failed')}
        empty={workspaces.data?.items.length === 0 ? t('projects.workspaces.empty') : null}
      >
        {() => (
          <>
            <ul className={`plain-list ${styles.grid}`} aria-label={t('projects.workspaces.list')}>
              {workspaces.data!.items.map((workspace) => (
                <WorkspaceCard key={workspace.id} workspace={workspace} />
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(workspaces.data!.total, WORKSPACE_PAGE_SIZE)}
              onPage={goTo}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
