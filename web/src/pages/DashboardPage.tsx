import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { useCoursesQuery } from '../courses/coursesApi';
import { Icon } from '../layout/Icon';
import { ActivityCard, NextUpCard } from '../agenda/DashboardCards';
import { ToGradeCard } from '../tasks/staff/ToGradeCard';
import styles from './DashboardPage.module.css';

/**
 * The dashboard: the user's courses (all and active), the to-do's next items, the staff's ended
 * assignments waiting for grading and the user's activity.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const me = useMeQuery();
  const all = useCoursesQuery({ limit: 1, offset: 0 });
  const active = useCoursesQuery({ filter: { is_active: { is: true } }, limit: 1, offset: 0 });
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
      <div className={styles.work}>
        <NextUpCard />
        {me.data && me.data.role !== 'student' && <ToGradeCard />}
        <ActivityCard />
      </div>
    </section>
  );
}
