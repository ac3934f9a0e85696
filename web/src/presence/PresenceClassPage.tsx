import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CourseLoadFailed } from '../courses/CoursePage';
import { useCourseQuery, type Course } from '../courses/coursesApi';
import { ExportButton } from '../layout/ExportButton';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { pageCount } from '../api/jsonapi';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import { PRESENCE_PAGE_SIZE, useExportRecapMutation, usePresencesQuery } from './presenceApi';
import { RecapCharts } from './RecapCharts';
import { SessionForm } from './SessionForm';
import { SessionItem } from './SessionItem';
import { useExportTexts } from './useExportTexts';
import styles from './presence.module.css';

/**
 * `/presence/{course_id}/{class_id}`: the sessions of a class by start, ten a page. The staff plan
 * a session (new, or changed until it is sent), open its students, send it, export the class's
 * recap and see it charted; a student sees their own mark in each session and checks in with the
 * code while the window is open.
 */
export default function PresenceClassPage() {
  const { t } = useTranslation();
  const { courseId = '', classId = '' } = useParams();
  const course = useCourseQuery(courseId);
  if (course.isLoading) return <Spinner label={t('presence.sessions.loading')} />;
  if (course.isError || !course.data)
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  const staff = course.data.status === 'LECTURER' || course.data.status === 'ASSISTANT';
  return <ClassSessions course={course.data} classId={classId} staff={staff} />;
}

function ClassSessions({ course, classId, staff }: { course: Course; classId: string; staff: boolean }) {
  const { t } = useTranslation();
  const { page, goTo, params } = useListParams();
  const where = { courseId: course.id, classId };
  const sessions = usePresencesQuery({
    ...where,
    limit: PRESENCE_PAGE_SIZE,
    offset: (page - 1) * PRESENCE_PAGE_SIZE,
  });
  const all = usePresencesQuery({ ...where, limit: 0, offset: 0 }, { skip: !staff });
  const [exportRecap] = useExportRecapMutation();
  const exportTexts = useExportTexts('presence.export.recap');
  /** The session being planned: 'new', or the id of one being changed. */
  const [editing, setEditing] = useState<string | null>(null);
  const items = sessions.data?.items ?? [];
  const className =
    (course.class ?? []).find((item) => item.id === classId)?.name ?? items[0]?.class_name ?? classId;

  return (
    <section aria-labelledby="sessions-title">
      <header className="page-header">
        <div>
          <p className="muted">{`${course.code} · ${course.name}`}</p>
          <h1 id="sessions-title">{t('presence.sessions.title', { class: className })}</h1>
        </div>
        {staff && (
          <div className={styles.actions}>
            <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
              {t('presence.sessions.new')}
            </button>
            <ExportButton produce={() => exportRecap(where).unwrap()} texts={exportTexts} />
          </div>
        )}
      </header>
      {editing === 'new' && <SessionForm course={course} classId={classId} onDone={() => setEditing(null)} />}
      {sessions.isLoading ? (
        <Spinner label={t('presence.sessions.loading')} />
      ) : sessions.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(sessions.error, t('presence.sessions.failed')).text}</p>
          <button type="button" className="button" onClick={() => void sessions.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted empty-state">
          {t(staff ? 'presence.sessions.emptyStaff' : 'presence.sessions.empty')}
        </p>
      ) : (
        <>
          <ol
            className="plain-list"
            aria-labelledby="sessions-title"
            start={(page - 1) * PRESENCE_PAGE_SIZE + 1}
          >
            {items.map((presence) => (
              <li key={presence.id} className="card card-body">
                {editing === presence.id ? (
                  <SessionForm
                    course={course}
                    classId={classId}
                    presence={presence}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <SessionItem
                    presence={presence}
                    courseId={course.id}
                    scannedCode={params.get('check_in') === presence.id ? (params.get('code') ?? '') : ''}
                    onEdit={() => setEditing(presence.id)}
                  />
                )}
              </li>
            ))}
          </ol>
          <Pagination
            page={page}
            pages={pageCount(sessions.data?.total ?? 0, PRESENCE_PAGE_SIZE)}
            onPage={goTo}
          />
        </>
      )}
      {staff && (all.data?.items.length ?? 0) > 0 && <RecapCharts sessions={all.data!.items} />}
    </section>
  );
}
