import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Course } from '../courses/coursesApi';
import { byIndex } from '../courses/structure';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { useCheckedForm } from '../lib/useCheckedForm';
import { useCreatePresenceMutation, useUpdatePresenceMutation } from './presenceApi';
import {
  changesOf,
  fieldsOf,
  sessionWrite,
  type Presence,
  type SessionFields,
  type SessionProblems,
} from './presenceTypes';
import styles from './presence.module.css';

/** Where a topic of the course leads: its preview (spec 03 §2). */
export const topicPath = (courseId: string | number, topicId: string | number) =>
  `/courses/${encodeURIComponent(courseId)}/preview/${encodeURIComponent(topicId)}`;

/**
 * A session's form (new, or an existing one to change): its label ("P01"), the day (dd/mm/yyyy), its start and end,
 * the check-in window (hh:mm, the same day), a note and the topics it covers, chosen among the
 * course's modules. Each field says beside it why it is refused, the service's refusal under it.
 */
export function SessionForm({
  course,
  classId,
  presence,
  onDone,
}: {
  course: Course;
  classId: string;
  presence?: Presence;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [create, creating] = useCreatePresenceMutation();
  const [update, updating] = useUpdatePresenceMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { id, form, fields, setFields, set, problems, failure, submit } = useCheckedForm({
    initial: () => fieldsOf(presence),
    noProblems: {} as SessionProblems,
    check: (current: SessionFields) => sessionWrite(current, { courseId: course.id, classId }),
    save: (write) =>
      presence ? update({ id: presence.id, changes: changesOf(write) }).unwrap() : create(write).unwrap(),
    done: onDone,
    failed: t('presence.form.failed'),
  });

  const problemOf = (key: keyof SessionFields) =>
    problems[key] ? (
      <p id={`${id}-${key}-problem`} className={styles.problem}>
        {t(`presence.form.problems.${problems[key]}`)}
      </p>
    ) : null;
  const time = (key: 'start' | 'end' | 'windowStart' | 'windowEnd') => (
    <div className={styles.timeField}>
      <InputField
        id={`${id}-${key}`}
        label={t(`presence.form.${key}`)}
        type="time"
        value={fields[key]}
        onChange={set(key)}
        required
        invalid={Boolean(problems[key])}
        aria-describedby={problems[key] ? `${id}-${key}-problem` : undefined}
      />
      {problemOf(key)}
    </div>
  );
  const modules = byIndex(course.modules);
  const toggleTopic = (topicId: string, on: boolean) =>
    setFields((now) => ({
      ...now,
      topicIds: on ? [...now.topicIds, topicId] : now.topicIds.filter((item) => item !== topicId),
    }));

  return (
    <form
      ref={form}
      className={`card card-body ${styles.form}`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 className="section-title">{t(presence ? 'presence.form.editTitle' : 'presence.form.newTitle')}</h2>
      <div className={styles.formGrid}>
        <InputField
          id={`${id}-label`}
          label={t('presence.form.label')}
          value={fields.label}
          onChange={set('label')}
          placeholder={t('presence.form.labelPlaceholder')}
          maxLength={50}
          autoComplete="off"
        />
        <div>
          <InputField
            id={`${id}-date`}
            label={t('presence.form.date')}
            value={fields.date}
            onChange={set('date')}
            placeholder={t('presence.form.datePlaceholder')}
            inputMode="numeric"
            autoComplete="off"
            required
            invalid={Boolean(problems.date)}
            aria-describedby={`${id}-date-hint${problems.date ? ` ${id}-date-problem` : ''}`}
          />
          <p id={`${id}-date-hint`} className="muted small">
            {t('presence.form.dateHint')}
          </p>
          {problemOf('date')}
        </div>
        {time('start')}
        {time('end')}
        {time('windowStart')}
        {time('windowEnd')}
      </div>
      <p className="muted small">{t('presence.form.windowHint')}</p>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('presence.form.note')}</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          value={fields.note}
          onChange={(event) => set('note')(event.target.value)}
        />
      </div>
      <fieldset className={styles.topics}>
        <legend>{t('presence.form.topics')}</legend>
        {modules.length === 0 ? (
          <p className="muted small">{t('presence.form.noTopics')}</p>
        ) : (
          <ul className="plain-list">
            {modules.map((module) => (
              <li key={module.id} className={styles.topic}>
                <label>
                  <input
                    type="checkbox"
                    checked={fields.topicIds.includes(module.id)}
                    onChange={(event) => toggleTopic(module.id, event.target.checked)}
                  />{' '}
                  {module.name}
                </label>
                <Link
                  className="small"
                  to={topicPath(course.id, module.id)}
                  target="_blank"
                  aria-label={t('presence.form.previewTopic', { name: module.name })}
                >
                  {t('presence.form.preview')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('presence.form.saving') : t('presence.form.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}
