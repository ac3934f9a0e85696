import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { cx } from '../lib/classNames';
import {
  useCourseActivitiesQuery,
  useCreateCourseActivityMutation,
  useDeleteCourseActivityMutation,
  useRenameCourseActivityMutation,
} from './gradebookApi';
import type { CourseActivity } from './gradebookTypes';
import { reasonOf } from './errors';
import styles from './gradebook.module.css';

/**
 * The course's custom activities (an oral test, a project presentation…): scores typed by the
 * staff in the grid. Added, renamed and deleted here; a deletion asks first, as its scores go too.
 */
export function ActivitiesPanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const newId = useId();
  const activities = useCourseActivitiesQuery(courseId);
  const [create, creating] = useCreateCourseActivityMutation();
  const [remove] = useDeleteCourseActivityMutation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('gradebook.activities.titleRequired'));
      return;
    }
    setError(null);
    try {
      await create({ courseId, title: title.trim() }).unwrap();
      setTitle('');
    } catch (failure) {
      setError(reasonOf(failure, t('gradebook.activities.failed')));
    }
  };

  return (
    <section className={cx('card card-body', styles.panel)} aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('gradebook.activities.title')}
      </h2>
      <p className="muted small">{t('gradebook.activities.help')}</p>
      {activities.isLoading ? (
        <Spinner label={t('gradebook.activities.loading')} />
      ) : activities.isError ? (
        <WarningAlert>{reasonOf(activities.error, t('gradebook.activities.loadFailed'))}</WarningAlert>
      ) : activities.data?.length ? (
        <ul className="plain-list">
          {activities.data.map((activity) => (
            <ActivityRow
              key={activity.id}
              courseId={courseId}
              activity={activity}
              onDelete={() =>
                void remove({ courseId, id: activity.id, title: activity.title })
                  .unwrap()
                  .catch((failure: unknown) => setError(reasonOf(failure, t('gradebook.activities.failed'))))
              }
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('gradebook.activities.none')}</p>
      )}
      <form className={styles.inlineForm} onSubmit={(event) => void add(event)} noValidate>
        <div className="field grow">
          <label htmlFor={newId}>{t('gradebook.activities.newTitle')}</label>
          <input
            id={newId}
            type="text"
            maxLength={255}
            value={title}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={creating.isLoading}>
          {t('gradebook.activities.add')}
        </button>
      </form>
      <WarningAlert>{error}</WarningAlert>
    </section>
  );
}

/** One activity: its title, renamed in place, and its deletion. */
function ActivityRow({
  courseId,
  activity,
  onDelete,
}: {
  courseId: string;
  activity: CourseActivity;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameCourseActivityMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null) return;
    if (!renaming.trim()) {
      setError(t('gradebook.activities.titleRequired'));
      return;
    }
    try {
      await rename({ courseId, id: activity.id, title: renaming.trim() }).unwrap();
      setRenaming(null);
      setError(null);
    } catch (failure) {
      setError(reasonOf(failure, t('gradebook.activities.failed')));
    }
  };

  if (renaming !== null) {
    return (
      <li className="list-row">
        <form className={styles.inlineForm} onSubmit={(event) => void submit(event)} noValidate>
          <input
            type="text"
            maxLength={255}
            aria-label={t('gradebook.activities.renameLabel', { name: activity.title })}
            value={renaming}
            onChange={(event) => setRenaming(event.target.value)}
            aria-invalid={error ? true : undefined}
            // the field opens at the user's request, to be typed in at once
            autoFocus
          />
          <button type="submit" className="button small button-primary" disabled={isLoading}>
            {t('gradebook.activities.saveTitle')}
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => {
              setRenaming(null);
              setError(null);
            }}
          >
            {t('common.cancel')}
          </button>
        </form>
        <WarningAlert>{error}</WarningAlert>
      </li>
    );
  }
  return (
    <li className="list-row">
      <span>{activity.title}</span>
      <span className="row-actions">
        <button
          type="button"
          className="button small"
          aria-label={t('gradebook.activities.renameLabel', { name: activity.title })}
          onClick={() => setRenaming(activity.title)}
        >
          {t('gradebook.activities.rename')}
        </button>
        <ConfirmButton
          className="button small button-danger"
          label={t('gradebook.activities.deleteLabel', { name: activity.title })}
          question={t('gradebook.activities.deleteQuestion', { name: activity.title })}
          details={t('gradebook.activities.deleteDetails')}
          action={t('gradebook.activities.delete')}
          onConfirm={onDelete}
        >
          {t('gradebook.activities.deleteShort')}
        </ConfirmButton>
      </span>
    </li>
  );
}
