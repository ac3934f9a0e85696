import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import { PRESENCE_PAGE_SIZE, useOpenPresencesMutation, usePresenceClassesQuery } from './presenceApi';
import type { PresenceClass } from './presenceTypes';
import styles from './presence.module.css';

/** The sessions page of a class. */
export const classPath = (item: PresenceClass) =>
  `/presence/${encodeURIComponent(item.course_id)}/${encodeURIComponent(item.class_id)}`;

/** The classes of a page under their course, in the order the service gave them. */
function byCourse(items: readonly PresenceClass[]): PresenceClass[][] {
  const groups = new Map<string, PresenceClass[]>();
  for (const item of items) {
    const key = String(item.course_id);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/**
 * `/presence`: the classes the caller teaches or takes, under their course, each with how many
 * sessions it has (how many sent, the latest) and leading to its sessions, ten classes a page; a
 * course's lecturer or assistant opens a session now in every class of it.
 */
export default function PresenceListPage() {
  const { t } = useTranslation();
  const { page, goTo } = useListParams();
  const classes = usePresenceClassesQuery({
    limit: PRESENCE_PAGE_SIZE,
    offset: (page - 1) * PRESENCE_PAGE_SIZE,
  });
  return (
    <section aria-labelledby="presence-title">
      <header className="page-header">
        <div>
          <h1 id="presence-title">{t('routes.presence')}</h1>
          <p className="muted">{t('presence.list.intro')}</p>
        </div>
      </header>
      {classes.isLoading ? (
        <Spinner label={t('presence.list.loading')} />
      ) : classes.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(classes.error, t('presence.list.failed')).text}</p>
          <button type="button" className="button" onClick={() => void classes.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (classes.data?.items.length ?? 0) === 0 ? (
        <p className="muted empty-state">{t('presence.list.empty')}</p>
      ) : (
        <>
          {byCourse(classes.data!.items).map((group) => (
            <CourseClasses key={group[0].course_id} classes={group} />
          ))}
          <Pagination
            page={page}
            pages={pageCount(classes.data?.total ?? 0, PRESENCE_PAGE_SIZE)}
            onPage={goTo}
          />
        </>
      )}
    </section>
  );
}

/** A course's classes, and for its lecturer the way to open a session in each of them now. */
function CourseClasses({ classes }: { classes: PresenceClass[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [open, opening] = useOpenPresencesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const course = classes[0];
  const titleId = `course-${course.course_id}`;
  const teaches = classes.some((item) => item.role === 'lecturer' || item.role === 'assistant');
  const openNow = () => {
    setFailure(null);
    open({ periodId: course.period_id, courseId: course.course_id, courseName: course.course_name })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error, t('presence.list.openFailed')).text));
  };
  return (
    <section aria-labelledby={titleId} className={`card card-body ${styles.course}`}>
      <div className={styles.sessionHead}>
        <h2 id={titleId} className={styles.sessionTitle}>
          <span className="muted">{course.course_code}</span> {course.course_name}
        </h2>
        {teaches && (
          <button
            type="button"
            className="button small"
            onClick={openNow}
            disabled={opening.isLoading}
            aria-label={t('presence.list.openNowIn', { course: course.course_name })}
          >
            {t('presence.list.openNow')}
          </button>
        )}
      </div>
      <WarningAlert>{failure}</WarningAlert>
      <ul className="plain-list" aria-labelledby={titleId}>
        {classes.map((item) => (
          <li key={item.id} className="list-row">
            <div className={styles.main}>
              <Link className={styles.title} to={classPath(item)}>
                {t('presence.list.class', { class: item.class_name })}
              </Link>
              <span className="muted small">
                {item.last_start_at
                  ? t('presence.list.last', { at: dates.dateTime(item.last_start_at) })
                  : t('presence.list.none')}
              </span>
            </div>
            <span className="badge">
              {t('presence.list.sessions', { count: item.sessions })}
              {item.role !== 'student' && ` · ${t('presence.list.sent', { count: item.sent })}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
