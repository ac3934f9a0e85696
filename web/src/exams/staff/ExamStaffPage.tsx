import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { GradingQueue } from './GradingQueue';
import { MonitorPanel } from './MonitorPanel';
import { StaffHeader } from './StaffHeader';
import styles from './staff.module.css';

const TABS = ['monitor', 'grading'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/exam/{id}` as the exam's staff see it: the live monitor of the attempts and the essay grading
 * queue, one tab each (kept in the URL: `?tab=grading`).
 */
export default function ExamStaffPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'grading' ? 'grading' : 'monitor';
  const choose = (next: Tab) =>
    setParams((now) => {
      const copy = new URLSearchParams(now);
      copy.set('tab', next);
      return copy;
    });

  return (
    <StaffHeader id={id} title={t('exam.staff.page.title')}>
      {(exam) => (
        <>
          <div className={styles.tabs} role="tablist" aria-label={t('exam.staff.page.sections')}>
            {TABS.map((name) => (
              <button
                key={name}
                id={`staff-tab-${name}`}
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={tab === name}
                aria-controls={`staff-panel-${name}`}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => choose(name)}
                onKeyDown={(event) => {
                  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                  const next = TABS[(TABS.indexOf(name) + 1) % TABS.length];
                  choose(next);
                  document.getElementById(`staff-tab-${next}`)?.focus();
                }}
              >
                {t(`exam.staff.page.${name}`)}
              </button>
            ))}
          </div>
          <div id={`staff-panel-${tab}`} role="tabpanel" aria-labelledby={`staff-tab-${tab}`}>
            {tab === 'monitor' ? <MonitorPanel exam={exam} /> : <GradingQueue exam={exam} />}
          </div>
        </>
      )}
    </StaffHeader>
  );
}
