import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../auth/guard';
import { UnsavedProvider } from '../courses/editor/unsaved';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { ExamPeoplePanel } from './ExamPeoplePanel';
import { ExamSettingsForm } from './ExamSettingsForm';
import { QuestionsPanel } from './QuestionsPanel';
import { useExamQuery } from './examsApi';
import styles from './exams.module.css';

const TABS = ['settings', 'questions', 'people'] as const;
type Tab = (typeof TABS)[number];
const TAB_TITLES: Record<Tab, string> = {
  settings: 'exam.tabs.settings',
  questions: 'exam.tabs.questions',
  people: 'exam.staff.people.tab',
};

/**
 * `/exam/{id}/edit`: the exam's settings and its question packages. The tab and the package are
 * kept in the URL (`?tab=questions&pack=2`), so a reload or a shared link opens the same place.
 * An exam that does not exist goes to the 404 page (spec 02 §8).
 */
export default function ExamEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const exam = useExamQuery(id);
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'settings';
  const packages = Math.max(1, exam.data?.package ?? 1);
  const pack = Math.min(packages, Math.max(1, Number(params.get('pack')) || 1));

  if (exam.isLoading) return <Spinner label={t('exam.loading')} />;
  const status = (exam.error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (status === 500) return <Navigate to="/pages/error-500" replace />;
  if (exam.isError || !exam.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(exam.error, t('exam.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void exam.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const data = exam.data;
  const choose = (patch: Record<string, string>) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      for (const [key, value] of Object.entries(patch)) next.set(key, value);
      return next;
    });

  return (
    <UnsavedProvider
      render={(unsaved) => (
        <header className="page-header">
          <div>
            <p className="muted small">{data.course?.name ?? ''}</p>
            <h1 id="exam-title">
              {t('routes.examEdit')}: {data.name || t('exam.untitled')}
            </h1>
          </div>
          <p className={styles.toolbar}>
            {unsaved && <span className="badge badge-warning">{t('editor.unsaved')}</span>}
            <Link className="button" to={`/exam/${encodeURIComponent(data.id)}/preview/${pack}`}>
              {t('exam.previewPackage', { pack })}
            </Link>
            <Link className="button" to={`/courses/${encodeURIComponent(String(data.course_id))}/edit/exam`}>
              {t('exam.backToCourse')}
            </Link>
          </p>
        </header>
      )}
    >
      <div className={styles.tabs} role="tablist" aria-label={t('exam.sections')}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`exam-tab-${name}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === name}
            aria-controls={`exam-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose({ tab: name })}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
              const next = TABS[(TABS.indexOf(name) + step) % TABS.length];
              choose({ tab: next });
              document.getElementById(`exam-tab-${next}`)?.focus();
            }}
          >
            {t(TAB_TITLES[name])}
          </button>
        ))}
      </div>
      {/* both stay mounted, so switching tabs keeps unsaved settings */}
      <div
        id="exam-panel-settings"
        role="tabpanel"
        aria-labelledby="exam-tab-settings"
        hidden={tab !== 'settings'}
      >
        <ExamSettingsForm key={data.id} exam={data} />
      </div>
      <div
        id="exam-panel-questions"
        role="tabpanel"
        aria-labelledby="exam-tab-questions"
        hidden={tab !== 'questions'}
      >
        <QuestionsPanel exam={data} pack={pack} onPack={(next) => choose({ pack: String(next) })} />
      </div>
      <div id="exam-panel-people" role="tabpanel" aria-labelledby="exam-tab-people" hidden={tab !== 'people'}>
        {tab === 'people' && <ExamPeoplePanel exam={data} />}
      </div>
    </UnsavedProvider>
  );
}
