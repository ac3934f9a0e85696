import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../../layout/WarningAlert';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { notificationFor } from '../../notifications/notification';
import { useUpdateCourseMutation } from './settingsApi';
import { useActivePeriodsQuery, type Course } from '../coursesApi';
import { useUnsavedFlag } from '../editor/unsaved';
import { useCourseImageUpload } from '../editor/useCourseImageUpload';
import { PeriodOptions } from '../PeriodOptions';
import { periodOf } from '../periods';
import { changedDetails, type CourseDetails, detailsOf, detailsProblems } from './courseDetails';
import styles from './CourseDetailsForm.module.css';

const SWITCHES = ['is_active', 'is_open', 'is_public', 'is_free', 'gradebook_publish'] as const;

/**
 * The course's details (name, code, description, period, dates, who may see and join it, whether
 * grades are published). Saving sends only what changed; leaving with changes unsaved asks first.
 */
export function CourseDetailsForm({ course }: { course: Course }) {
  const { t } = useTranslation();
  const periods = useActivePeriodsQuery();
  const uploadImage = useCourseImageUpload(course.id);
  const [update, state] = useUpdateCourseMutation();
  const [original, setOriginal] = useState(() => detailsOf(course));
  const [draft, setDraft] = useState<CourseDetails>(original);
  const [failure, setFailure] = useState<string | null>(null);
  const changes = changedDetails(original, draft);
  const dirty = Object.keys(changes).length > 0;
  const problems = detailsProblems(draft);
  useUnsavedFlag('course-details', dirty);

  const set = (patch: Partial<CourseDetails>) => {
    setDraft((now) => ({ ...now, ...patch }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (problems.length > 0 || !dirty) return;
    update({ courseId: course.id, changes })
      .unwrap()
      .then((updated) => {
        const next = detailsOf({ ...course, ...updated });
        setOriginal(next);
        setDraft(next);
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  // The course's own period stays selectable even when it is no longer active.
  const activePeriods = periods.data ?? [];
  const ownPeriodListed =
    !draft.period_id || activePeriods.some((period) => period.id === original.period_id);

  return (
    <form className="card card-body" onSubmit={submit} aria-labelledby="details-title" noValidate>
      <h2 id="details-title" className="section-title">
        {t('courseSettings.detailsTitle')}
      </h2>
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="course-name">{t('courseSettings.name')}</label>
          <input
            id="course-name"
            value={draft.name}
            maxLength={255}
            required
            aria-invalid={problems.includes('nameRequired')}
            onChange={(event) => set({ name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="course-code">{t('courseSettings.code')}</label>
          <input
            id="course-code"
            value={draft.code}
            maxLength={50}
            onChange={(event) => set({ code: event.target.value })}
          />
        </div>
      </div>
      <div className="field wide">
        <RichTextEditor
          // Saved: the editor starts over from the description as the server stored it.
          key={original.description}
          id="course-description"
          label={t('courseSettings.description')}
          value={draft.description}
          onChange={(description) => set({ description })}
          uploadImage={uploadImage}
        />
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="course-period">{t('courseSettings.period')}</label>
          <select
            id="course-period"
            value={draft.period_id}
            onChange={(event) => set({ period_id: event.target.value })}
          >
            <option value="">{t('courseSettings.noPeriod')}</option>
            {!ownPeriodListed && (
              <option value={original.period_id}>{periodOf(t, course) || original.period_id}</option>
            )}
            <PeriodOptions periods={activePeriods} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="course-start">{t('courseSettings.startAt')}</label>
          <input
            id="course-start"
            type="datetime-local"
            value={draft.start_at}
            onChange={(event) => set({ start_at: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="course-end">{t('courseSettings.endAt')}</label>
          <input
            id="course-end"
            type="datetime-local"
            value={draft.end_at}
            aria-invalid={problems.includes('endBeforeStart')}
            onChange={(event) => set({ end_at: event.target.value })}
          />
        </div>
      </div>
      <fieldset className={styles.switches}>
        <legend>{t('courseSettings.access')}</legend>
        {SWITCHES.map((key) => (
          <label key={key} className={styles.switch}>
            <input
              type="checkbox"
              checked={draft[key]}
              onChange={(event) => set({ [key]: event.target.checked })}
            />
            <span>
              {t(`courseSettings.${key}`)}
              <span className={`muted small ${styles.help}`}>{t(`courseSettings.${key}Help`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <WarningAlert>{problems.map((problem) => t(`courseSettings.${problem}`)).join(' ')}</WarningAlert>
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={!dirty || problems.length > 0 || state.isLoading}
        >
          {state.isLoading ? t('editor.saving') : t('courseSettings.save')}
        </button>
        {dirty && <span className="badge badge-warning">{t('editor.unsaved')}</span>}
      </p>
    </form>
  );
}
