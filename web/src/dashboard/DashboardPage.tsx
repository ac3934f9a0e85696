import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { useCoursesQuery } from '../courses/coursesApi';
import { Icon } from '../layout/Icon';
import { ActivityCard } from './ActivityCard';
import { RequestsCard, RunningExamsCard, SessionsCard, WaitingCard } from './StaffCards';
import { ExamsCard, GradesCard, ProgressCard, TasksCard, UnreadCard } from './StudentCards';
import styles from './DashboardPage.module.css';

/**
 * The dashboard (issue 21): the user's courses (all and active), then what to do next — for a
 * student their exams open now or soon, assignments due, what they have not read, grades released
 * and progress per course; for a lecturer or assistant the exams running now, submissions and
 * essays waiting, requests and attendance to send — and the user's activity. Each card asks for
 * its own data and says on its own that it loads, failed or is empty.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const me = useMeQuery();
  const all = useCoursesQuery({ limit: 1, offset: 0 });
  const active = useCoursesQuery({ filter: { is_active: { is: true } }, limit: 1, offset: 0 });
  const role = me.data?.role;
  return (
    <section aria-labelledby="dashboard-title">
      <header className="page-header">
        <div>
          <h1 id="dashboard-title">{t('routes.dashboard')}</h1>
          <p className="muted">{me.data ? t('dashboard.subtitle', { name: me.data.fullname }) : '\u00a0'}</p>
        </div>
      </header>
      <div className={styles.stats}>
        <Link to="/courses" className={`card ${styles.stat}`}>
          <span className={styles.statIcon} aria-hidden="true">
            <Icon name="book" />
          </span>
          <span className={styles.statValue}>{all.data?.total ?? '–'}</span>
          <span className={styles.statLabel}>{t('dashboard.courses')}</span>
        </Link>
        <Link to="/courses" className={`card ${styles.stat}`}>
          <span className={styles.statIcon} aria-hidden="true">
            <Icon name="check" />
          </span>
          <span className={styles.statValue}>{active.data?.total ?? '–'}</span>
          <span className={styles.statLabel}>{t('dashboard.activeCourses')}</span>
        </Link>
      </div>
      {role === 'student' ? (
        <div className={styles.work}>
          <ExamsCard />
          <TasksCard />
          <UnreadCard />
          <GradesCard />
          <ProgressCard />
          <ActivityCard />
        </div>
      ) : role !== undefined ? (
        <div className={styles.work}>
          <RunningExamsCard />
          <WaitingCard type="score_answers" />
          <WaitingCard type="grade_essays" />
          {role === 'lecturer' && <RequestsCard />}
          <SessionsCard />
          <UnreadCard />
          <ActivityCard />
        </div>
      ) : null}
    </section>
  );
}
