import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { useJoinWorkspaceMutation, type Workspace } from './projectsApi';
import styles from './projects.module.css';

/** Joins a workspace with the token its owner gives (spec 03 §6); opens the workspace once in. */
export function JoinForm({ workspace }: { workspace: Pick<Workspace, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [join, joining] = useJoinWorkspaceMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setProblem(t('projects.join.tokenRequired'));
    setProblem(null);
    join({ workspace_id: workspace.id, token })
      .unwrap()
      .then(() => navigate(`/workspace/project-list/${encodeURIComponent(workspace.id)}`))
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.join.failed')).text));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('projects.join.title', { name: workspace.name })}>
      <div className={styles.inlineForm}>
        <InputField
          id={`join-token-${workspace.id}`}
          label={t('projects.join.token')}
          value={token}
          onChange={setToken}
          autoComplete="off"
          maxLength={32}
          invalid={problem !== null}
        />
        <button type="submit" className="button button-primary small" disabled={joining.isLoading}>
          {t('projects.join.submit')}
        </button>
      </div>
      <WarningAlert>{problem}</WarningAlert>
    </form>
  );
}

/**
 * A one-line form that makes something by its name (a project, a module, a column): the field,
 * the button, the failure beside them.
 */
export function NameForm({
  id,
  label,
  submit,
  failed,
  onSubmit,
  maxLength = 200,
}: {
  id: string;
  label: string;
  submit: string;
  failed: string;
  onSubmit: (name: string) => Promise<unknown>;
  maxLength?: number;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setProblem(null);
    onSubmit(name.trim())
      .then(() => setName(''))
      .catch((error: unknown) => setProblem(notificationFor(error, failed).text))
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={send} noValidate>
      <div className={styles.inlineForm}>
        <InputField id={id} label={label} value={name} onChange={setName} maxLength={maxLength} />
        <button type="submit" className="button small" disabled={busy || !name.trim()}>
          {submit}
        </button>
      </div>
      <WarningAlert>{problem}</WarningAlert>
    </form>
  );
}
