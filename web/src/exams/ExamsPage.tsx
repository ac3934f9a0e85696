import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { ExamList } from './ExamList';
import { HOME_EXAMS, useExamsQuery } from './examsApi';

/**
 * `/exam`: the signed-in user's exams, latest start first (spec 02 §9) — staff see the exams of
 * the courses they teach, students the published exams of their classes (the server decides).
 * New exams are made in a course (its exam tab).
 */
export default function ExamsPage() {
  const { t } = useTranslation();
  const role = useMeQuery().data?.role;
  const exams = useExamsQuery(HOME_EXAMS);
  const staff = role === 'lecturer';
  const items = exams.data?.items ?? [];

  return (
    <section aria-labelledby="exams-title">
      <header className="page-header">
        <h1 id="exams-title">{t('routes.exams')}</h1>
      </header>
      {exams.isLoading ? (
        <Spinner label={t('exam.loadingList')} />
      ) : exams.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(exams.error, t('exam.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void exams.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <h2>{t('exam.empty.title')}</h2>
          <p className="muted">{staff ? t('exam.empty.staff') : t('exam.empty.student')}</p>
        </div>
      ) : (
        <ExamList exams={items} showCourse labelledBy="exams-title" />
      )}
    </section>
  );
}
