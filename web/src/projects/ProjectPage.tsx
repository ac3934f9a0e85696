import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { SelectField } from '../layout/SelectField';
import { WarningAlert } from '../layout/WarningAlert';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import { NameForm } from './JoinForm';
import {
  useCreateProjectModuleMutation,
  useDeleteProjectModuleMutation,
  useDeleteProjectMutation,
  useProjectMemberMutation,
  useProjectModulesQuery,
  useProjectQuery,
  useWorkspaceQuery,
  type Project,
} from './projectsApi';
import styles from './projects.module.css';
import { Timeline } from './Timeline';

/** The project's members; its workspace's owner adds members of the workspace and removes them. */
function Members({ project }: { project: Project }) {
  const { t } = useTranslation();
  // the members may have joined since the workspace was last read: read it again here
  const workspace = useWorkspaceQuery(String(project.workspace_id), {
    skip: !project.is_owner,
    refetchOnMountOrArgChange: true,
  });
  const [change, changing] = useProjectMemberMutation();
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inProject = new Set(project.members.map((member) => member.user_id));
  const candidates = (workspace.data?.members ?? []).filter((member) => !inProject.has(member.user_id));
  const run = (verb: 'add' | 'remove', userId: number) => {
    setProblem(null);
    change({ project_id: project.id, user_id: userId, verb })
      .unwrap()
      .then(() => setChosen(''))
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.project.memberFailed')).text));
  };
  return (
    <section aria-labelledby="project-members-title">
      <h2 id="project-members-title" className="section-title">
        {t('projects.project.members')}
      </h2>
      {project.members.length === 0 ? (
        <p className="muted">{t('projects.project.noMembers')}</p>
      ) : (
        <ul className="plain-list">
          {project.members.map((member) => (
            <li key={member.user_id} className="list-row">
              {member.name} <span className="muted small">{member.code}</span>
              {project.is_owner && (
                <button
                  type="button"
                  className="button small"
                  disabled={changing.isLoading}
                  onClick={() => run('remove', member.user_id)}
                >
                  {t('projects.project.remove', { name: member.name })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {project.is_owner && candidates.length > 0 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) run('add', Number(chosen));
          }}
        >
          <div className={styles.inlineForm}>
            <SelectField
              id="project-member"
              label={t('projects.project.addMember')}
              value={chosen}
              onChange={setChosen}
            >
              <option value="">{t('projects.project.chooseMember')}</option>
              {candidates.map((member) => (
                <option key={member.user_id} value={String(member.user_id)}>
                  {member.name}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="button small" disabled={!chosen || changing.isLoading}>
              {t('projects.project.add')}
            </button>
          </div>
        </form>
      )}
      <WarningAlert>{problem}</WarningAlert>
    </section>
  );
}

/** The project's modules, sorted by id (spec 03 §9); every member adds and deletes them. */
function Modules({ project }: { project: Project }) {
  const { t } = useTranslation();
  const modules = useProjectModulesQuery(project.id);
  const [create] = useCreateProjectModuleMutation();
  const [remove] = useDeleteProjectModuleMutation();
  return (
    <section aria-labelledby="modules-title">
      <h2 id="modules-title" className="section-title">
        {t('projects.project.modules')}
      </h2>
      <QueryState
        query={modules}
        loading={t('projects.module.loading')}
        failed={t('projects.module.failed')}
        empty={modules.data?.length === 0 ? t('projects.project.noModules') : null}
      >
        {() => (
          <ul className="plain-list">
            {modules.data!.map((module) => (
              <li key={module.id} className="list-row">
                <Link
                  to={`/workspace/project-detail/${encodeURIComponent(project.id)}/module-detail/${encodeURIComponent(module.id)}`}
                >
                  {module.name}
                </Link>
                <ConfirmButton
                  className="button small"
                  question={t('projects.project.deleteModule', { name: module.name })}
                  action={t('projects.project.deleteModule', { name: module.name })}
                  onConfirm={() => void remove({ id: module.id, project_id: project.id })}
                >
                  {t('projects.project.deleteModule', { name: module.name })}
                </ConfirmButton>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <NameForm
        id="module-name"
        label={t('projects.project.moduleName')}
        submit={t('projects.project.addModule')}
        failed={t('projects.module.createFailed')}
        onSubmit={(name) => create({ project_id: project.id, name }).unwrap()}
      />
    </section>
  );
}

/** `/workspace/project-detail/{projectId}`: modules, members and timeline of a project. */
export default function ProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const project = useProjectQuery(projectId);
  const [remove] = useDeleteProjectMutation();
  return (
    <QueryState
      query={project}
      loading={t('projects.project.loading')}
      failed={t('projects.project.failed')}
      empty={null}
    >
      {() => {
        const p = project.data!;
        return (
          <section aria-labelledby="project-title">
            <header className="page-header">
              <h1 id="project-title">{p.name}</h1>
              {p.is_owner && (
                <ConfirmButton
                  className="button button-danger small"
                  question={t('projects.project.confirmDelete', { name: p.name })}
                  action={t('projects.project.delete')}
                  onConfirm={() =>
                    void remove(p.id)
                      .unwrap()
                      .then(() => navigate(`/workspace/project-list/${p.workspace_id}`))
                  }
                >
                  {t('projects.project.delete')}
                </ConfirmButton>
              )}
            </header>
            <p className="muted">
              <Link to={`/workspace/project-list/${p.workspace_id}`}>
                {t('projects.project.workspace', { name: p.workspace_name })}
              </Link>
            </p>
            {p.description && <p>{p.description}</p>}
            <div className={styles.columns2}>
              <div>
                <Modules project={p} />
                <Timeline projectId={p.id} />
              </div>
              <Members project={p} />
            </div>
          </section>
        );
      }}
    </QueryState>
  );
}
