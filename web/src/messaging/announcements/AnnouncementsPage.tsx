import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { Icon } from '../../layout/Icon';
import { cx } from '../../lib/classNames';
import { useDates } from '../../lib/dates';
import { RichText } from '../../lib/richtext/RichText';
import { CourseField, useMyCourses } from '../CourseField';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import { useAnnouncementsQuery, type Announcement } from './announcementsApi';

/**
 * `/announcements` (`?course=` narrows to one course): the announcements of the caller's courses,
 * newest window first; a student gets the active ones only (the service decides). Lecturers write
 * new ones and edit theirs.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const courseId = params.get('course') ?? '';
  const me = useMeQuery();
  const courses = useMyCourses();
  const announcements = useAnnouncementsQuery({ courseId: courseId || undefined });
  const staff = me.data?.role === 'lecturer';
  return (
    <section aria-labelledby="announcements-title">
      <header className="page-header">
        <div>
          <h1 id="announcements-title">{t('routes.announcements')}</h1>
          <p className="muted">{t('messaging.announcements.intro')}</p>
        </div>
        {staff && (
          <Link
            className="button button-primary"
            to={`/announcements/new${courseId ? `?course=${encodeURIComponent(courseId)}` : ''}`}
          >
            <Icon name="plus" /> {t('messaging.announcements.new')}
          </Link>
        )}
      </header>
      <div className={styles.filters}>
        <CourseField
          id="announcements-course"
          value={courseId}
          onChange={(value) => setParams(value ? { course: value } : {})}
          empty={t('messaging.announcements.allCourses')}
        />
      </div>
      <QueryState
        query={announcements}
        loading={t('messaging.announcements.loading')}
        failed={t('messaging.announcements.failed')}
        empty={announcements.data?.length === 0 ? t('messaging.announcements.empty') : null}
      >
        {() => (
          <ul className="plain-list">
            {announcements.data!.map((item) => (
              <AnnouncementCard
                key={item.id}
                item={item}
                course={
                  courses.data?.items.find((course) => course.id === String(item.course_id))?.name ?? ''
                }
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function AnnouncementCard({ item, course }: { item: Announcement; course: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <li className={cx('card card-body', styles.announcement, styles[item.urgency])}>
      <p className={styles.announcementHead}>
        <span className={cx('badge', item.urgency === 'high' ? 'badge-warning' : 'badge-muted')}>
          {t(`messaging.announcements.urgencies.${item.urgency}`)}
        </span>
        <strong>{course}</strong>
        {!item.is_active && (
          <span className="badge badge-muted">{t('messaging.announcements.inactive')}</span>
        )}
        {item.can_edit && (
          <Link
            className="button small"
            to={`/announcements/${encodeURIComponent(item.id)}/edit`}
            aria-label={t('messaging.announcements.editAnnouncement', {
              when: dates.dateTime(item.start_at),
            })}
          >
            {t('messaging.announcements.edit')}
          </Link>
        )}
      </p>
      <RichText html={item.announcement} />
      <p className="muted small">
        {t('messaging.announcements.window', { range: dates.dateRange(item.start_at, item.end_at) })}
        {` · ${t('messaging.announcements.by', { name: item.creator_name })}`} ·{' '}
        {t(`messaging.announcements.kinds.${item.announcements_type}`)}
      </p>
    </li>
  );
}
