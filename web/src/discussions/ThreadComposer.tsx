import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { WarningAlert } from '../layout/WarningAlert';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';
import { notificationFor } from '../notifications/notification';
import { useCreateThreadMutation } from './discussionsApi';
import styles from './discussions.module.css';

/** The form that starts a thread on an activity; the new thread opens once it is saved. */
export function ThreadComposer({ activityId, onCancel }: { activityId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, state] = useCreateThreadMutation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const id = `new-thread-${activityId}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body) {
      setFailure(t('discussion.compose.required'));
      return;
    }
    setFailure(null);
    create({ activity_id: Number(activityId), title: title.trim(), body })
      .unwrap()
      .then((thread) => navigate(`/discussion/${thread.id}`))
      .catch((error: unknown) => setFailure(notificationFor(error, t('discussion.compose.failed')).text));
  };

  return (
    <form
      className={`card card-body ${styles.composer}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="section-title">
        {t('discussion.compose.title')}
      </h4>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('discussion.compose.subject')}</label>
        <input
          id={`${id}-subject`}
          value={title}
          maxLength={255}
          onChange={(event) => setTitle(event.target.value)}
          required
        />
      </div>
      <RichTextEditor id={`${id}-body`} label={t('discussion.compose.body')} value="" onChange={setBody} />
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={state.isLoading}>
          {state.isLoading ? t('discussion.compose.starting') : t('discussion.compose.start')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}
