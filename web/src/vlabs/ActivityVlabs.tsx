import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { useActivityVlabsQuery, useCreateVlabMutation, useDeleteVlabMutation } from './vlabsApi';
import styles from './ActivityVlabs.module.css';

/**
 * The virtual labs of an activity in the course reader: each opens in a new tab (with the reader's
 * ids, so the lab knows whom to report for) and has its result page; the teaching staff add and
 * delete labs, and see a new lab's signing secret once.
 */
export function ActivityVlabs({ activityId, staff }: { activityId: string; staff: boolean }) {
  const { t } = useTranslation();
  const labs = useActivityVlabsQuery(activityId);
  const [remove] = useDeleteVlabMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const items = labs.data ?? [];
  if (!staff && items.length === 0) return null;
  return (
    <section aria-labelledby={`vlabs-${activityId}`} className={styles.labs}>
      <h3 id={`vlabs-${activityId}`} className="section-title">
        {t('vlabs.title')}
      </h3>
      {items.length === 0 ? (
        <p className="muted">{t('vlabs.none')}</p>
      ) : (
        <ul className="plain-list">
          {items.map((lab) => (
            <li key={lab.id} className={`list-row ${styles.row}`}>
              <div>
                <strong>{lab.name}</strong>
                {lab.description && <p className="muted small">{lab.description}</p>}
              </div>
              <span className="row-actions">
                <a
                  className="button small button-primary"
                  href={lab.launch_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('vlabs.openNamed', { name: lab.name })}
                >
                  {t('vlabs.open')}
                </a>
                <Link
                  className="button small"
                  to={`/vlabs/result/${encodeURIComponent(lab.id)}`}
                  aria-label={t('vlabs.resultsNamed', { name: lab.name })}
                >
                  {t('vlabs.results')}
                </Link>
                {staff && (
                  <ConfirmButton
                    className="button small button-danger"
                    label={t('vlabs.deleteNamed', { name: lab.name })}
                    question={t('vlabs.deleteQuestion', { name: lab.name })}
                    details={t('vlabs.deleteDetails')}
                    action={t('vlabs.delete')}
                    onConfirm={() =>
                      void remove({ id: lab.id, activityId, name: lab.name })
                        .unwrap()
                        .catch((error: unknown) => setFailure(notificationFor(error).text))
                    }
                  >
                    {t('vlabs.delete')}
                  </ConfirmButton>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <WarningAlert>{failure}</WarningAlert>
      {staff && <NewVlabForm activityId={activityId} />}
    </section>
  );
}

/** A new lab of the activity; its secret is shown once, to copy to the lab's operator. */
function NewVlabForm({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const [create, creating] = useCreateVlabMutation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [description, setDescription] = useState('');
  const [showNames, setShowNames] = useState(false);
  const [secret, setSecret] = useState<{ name: string; id: string; value: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const prefix = `vlab-new-${activityId}`;

  if (!open)
    return (
      <>
        {secret && <SecretNote {...secret} onDone={() => setSecret(null)} />}
        <button type="button" className="button small" onClick={() => setOpen(true)}>
          {t('vlabs.add')}
        </button>
      </>
    );
  return (
    <form
      className={styles.form}
      aria-label={t('vlabs.add')}
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        void create({
          activityId,
          name: name.trim(),
          url: url.trim(),
          description: description.trim(),
          showNames,
        })
          .unwrap()
          .then(({ vlab, secret: value }) => {
            setSecret({ name: vlab.name, id: vlab.id, value });
            setOpen(false);
            setName('');
            setUrl('https://');
            setDescription('');
          })
          .catch((error: unknown) => setFailure(notificationFor(error).text));
      }}
    >
      <div className="field">
        <label htmlFor={`${prefix}-name`}>{t('vlabs.name')}</label>
        <input
          id={`${prefix}-name`}
          required
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-url`}>{t('vlabs.url')}</label>
        <input
          id={`${prefix}-url`}
          type="url"
          required
          pattern="https://.+"
          maxLength={2000}
          value={url}
          aria-describedby={`${prefix}-url-hint`}
          onChange={(event) => setUrl(event.target.value)}
        />
        <p id={`${prefix}-url-hint`} className="muted small">
          {t('vlabs.urlHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-description`}>{t('vlabs.description')}</label>
        <textarea
          id={`${prefix}-description`}
          rows={2}
          maxLength={10000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={showNames} onChange={(event) => setShowNames(event.target.checked)} />
        {t('vlabs.showNames')}
      </label>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={creating.isLoading}>
          {t('vlabs.create')}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}

/** The new lab's secret, shown this once, with where the lab reports its results. */
function SecretNote({
  name,
  id,
  value,
  onDone,
}: {
  name: string;
  id: string;
  value: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" role="status">
      <p>{t('vlabs.secretIntro', { name })}</p>
      <p>
        <code data-testid="vlab-secret" className={styles.secret}>
          {value}
        </code>
      </p>
      <p className="small">
        {t('vlabs.secretWhere')} <code>{`POST /api/course/vlabs/${id}/results`}</code>
      </p>
      <button type="button" className="button small" onClick={onDone}>
        {t('vlabs.secretDone')}
      </button>
    </div>
  );
}
