import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { InputField } from '../layout/InputField';
import { SelectField } from '../layout/SelectField';
import { WarningAlert } from '../layout/WarningAlert';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import { ContentView } from './ContentView';
import {
  useCreateProjectContentMutation,
  useDeleteProjectContentMutation,
  useProjectContentsQuery,
  useProjectModulesQuery,
  type Content,
} from './projectsApi';
import styles from './projects.module.css';

/** A new text or board (a board starts with the columns To do, Doing and Done). */
function NewContentForm({ moduleId, onMade }: { moduleId: string; onMade: (id: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [type, setType] = useState<Content['content_type']>('board');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateProjectContentMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setProblem(null);
    const columns = ['todo', 'doing', 'done'].map((key) => t(`projects.module.defaultColumns.${key}`));
    create({
      project_module_id: Number(moduleId),
      name: name.trim(),
      type,
      ...(type === 'board' ? { columns } : {}),
    })
      .unwrap()
      .then((content) => {
        setName('');
        onMade(content.id);
      })
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.module.createFailed')).text));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-content-title">
      <h2 id="new-content-title" className="section-title">
        {t('projects.module.newContent')}
      </h2>
      <div className={styles.inlineForm}>
        <InputField
          id="content-name"
          label={t('projects.module.contentName')}
          value={name}
          onChange={setName}
          maxLength={200}
        />
        <SelectField
          id="content-type"
          label={t('projects.module.contentType')}
          value={type}
          onChange={(value) => setType(value === 'text' || value === 'file' ? value : 'board')}
        >
          <option value="board">{t('projects.module.types.board')}</option>
          <option value="text">{t('projects.module.types.text')}</option>
          <option value="file">{t('projects.module.types.file')}</option>
        </SelectField>
        <button type="submit" className="button small" disabled={creating.isLoading || !name.trim()}>
          {t('projects.module.create')}
        </button>
      </div>
      <WarningAlert>{problem}</WarningAlert>
    </form>
  );
}

/**
 * `/workspace/project-detail/{projectId}/module-detail/{moduleId}`: the module's contents; the one
 * chosen (`?content=`) is opened below them.
 */
export default function ModulePage() {
  const { t } = useTranslation();
  const { projectId = '', moduleId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const modules = useProjectModulesQuery(projectId);
  const contents = useProjectContentsQuery(moduleId);
  const [remove] = useDeleteProjectContentMutation();
  const module = modules.data?.find((m) => m.id === moduleId);
  const chosen = params.get('content') ?? contents.data?.[0]?.id;
  const open = (id: string) => setParams({ content: id });
  return (
    <section aria-labelledby="module-title">
      <header className="page-header">
        <h1 id="module-title">{module?.name ?? t('projects.module.contents')}</h1>
      </header>
      <QueryState
        query={contents}
        loading={t('projects.module.loading')}
        failed={t('projects.module.failed')}
        empty={contents.data?.length === 0 ? t('projects.module.noContents') : null}
      >
        {() => (
          <ul className={`plain-list ${styles.contentList}`} aria-label={t('projects.module.contents')}>
            {contents.data!.map((content) => (
              <li key={content.id}>
                <button
                  type="button"
                  className={`button small ${content.id === chosen ? styles.active : ''}`}
                  aria-pressed={content.id === chosen}
                  onClick={() => open(content.id)}
                >
                  {content.name}{' '}
                  <span className="muted small">{t(`projects.module.types.${content.content_type}`)}</span>
                </button>
                <ConfirmButton
                  className="button small"
                  label={t('projects.module.deleteContent', { name: content.name })}
                  question={t('projects.module.deleteContent', { name: content.name })}
                  action={t('projects.module.deleteContent', { name: content.name })}
                  onConfirm={() => void remove({ id: content.id, moduleId })}
                >
                  ×
                </ConfirmButton>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {chosen && contents.data?.some((content) => content.id === chosen) && (
        <ContentView key={chosen} id={chosen} />
      )}
      <NewContentForm moduleId={moduleId} onMade={open} />
    </section>
  );
}
