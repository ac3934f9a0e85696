import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useReplicateCourseMutation } from './settingsApi';
import { useCoursesQuery, type Course } from '../coursesApi';

/**
 * Copies the modules, activities and contents of another course the lecturer teaches into this
 * one (a new semester's run of the same course); students, answers and grades are never copied.
 */
export function ReplicateForm({ course }: { course: Course }) {
  const { t } = useTranslation();
  const courses = useCoursesQuery({ sort: 'name', limit: 0 });
  const [replicate, state] = useReplicateCourseMutation();
  const [from, setFrom] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const sources = (courses.data?.items ?? []).filter(
    (candidate) => candidate.id !== course.id && candidate.status !== 'STUDENT',
  );
  const source = sources.find((candidate) => candidate.id === from);

  const run = () => {
    setFailure(null);
    replicate({ from: Number(from), to: course.id })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <section className="card card-body" aria-labelledby="replicate-title">
      <h2 id="replicate-title" className="section-title">
        {t('courseSettings.replicateTitle')}
      </h2>
      <p className="muted small">{t('courseSettings.replicateHelp')}</p>
      <div className="field">
        <label htmlFor="replicate-from">{t('courseSettings.replicateFrom')}</label>
        <select
          id="replicate-from"
          value={from}
          disabled={courses.isLoading}
          onChange={(event) => setFrom(event.target.value)}
        >
          <option value="">{t('courseSettings.replicateChoose')}</option>
          {sources.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {[candidate.code, candidate.name].filter(Boolean).join(' · ')}
            </option>
          ))}
        </select>
      </div>
      <p>
        <ConfirmButton
          disabled={!source || state.isLoading}
          question={t('courseSettings.replicateConfirm', { from: source?.name ?? '', to: course.name })}
          details={t('confirm.replicateDetails', { from: source?.name ?? '', to: course.name })}
          action={t('courseSettings.replicateYes')}
          tone="primary"
          onConfirm={run}
        >
          {state.isLoading ? t('courseSettings.replicating') : t('courseSettings.replicate')}
        </ConfirmButton>
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
