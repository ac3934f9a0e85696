import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAssistantRequestsQuery } from '../courses/manage/staffApi';
import { useMyCourseRequestsQuery } from '../courses/requests/courseRequestsApi';
import { toApiDateTime, useDates } from '../lib/dates';
import { serverOffset, useServerTimeQuery } from '../lib/serverClock';
import {
  type CardTodoType,
  useRunningExamsQuery,
  useSessionsToSendQuery,
  useTodoOfTypeQuery,
} from './dashboardApi';
import { QueryCard } from './QueryCard';
import { courseLabel } from './StudentCards';
import styles from './dashboard.module.css';

/** The exams running now in the courses the caller teaches, each with a link to its live monitor. */
export function RunningExamsCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const exams = useRunningExamsQuery();
  const items = exams.data?.items ?? [];
  return (
    <QueryCard
      id="dashboard-running"
      title={t('dashboard.running.title')}
      query={exams}
      isEmpty={items.length === 0}
      empty={t('dashboard.running.empty')}
    >
      {() => (
        <ul className="plain-list">
          {items.map((exam) => (
            <li key={exam.id} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <span className={styles.name}>{exam.name}</span>
                <span className="small muted">{courseLabel(exam)}</span>
                <span className="small muted">
                  {t('dashboard.running.attempts', { inProgress: exam.in_progress, finished: exam.finished })}
                  {' · '}
                  {exam.end_at
                    ? t('dashboard.running.ends', { when: dates.dateTime(exam.end_at) })
                    : t('dashboard.running.noEnd')}
                </span>
              </div>
              <Link
                to={`/exam/${exam.id}?tab=monitor`}
                className="button small button-primary"
                aria-label={t('dashboard.running.monitorNamed', { name: exam.name })}
              >
                {t('dashboard.running.monitor')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}

/** Where the staff handle what waits: an assignment's submissions, an exam's essay grading queue. */
const WAITING_LINKS: Record<Exclude<CardTodoType, 'exam'>, (id: number) => string> = {
  score_answers: (id) => `/assignment/${id}/submissions`,
  grade_essays: (id) => `/exam/${id}?tab=grading`,
};

/**
 * What waits for the staff in the courses they teach (the to-do's rule): the submissions to
 * score per assignment, or the essays to grade per exam, longest waiting first.
 */
export function WaitingCard({ type }: { type: Exclude<CardTodoType, 'exam'> }) {
  const { t } = useTranslation();
  const dates = useDates();
  const waiting = useTodoOfTypeQuery(type);
  const items = waiting.data?.items ?? [];
  const key = type === 'score_answers' ? 'toScore' : 'essays';
  return (
    <QueryCard
      id={`dashboard-${key}`}
      title={t(`dashboard.${key}.title`)}
      query={waiting}
      isEmpty={items.length === 0}
      empty={t(`dashboard.${key}.empty`)}
    >
      {() => (
        <ul className="plain-list">
          {items.map((item) => (
            <li key={item.id} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <Link
                  to={WAITING_LINKS[type](item.item_id)}
                  className={styles.name}
                  aria-label={t(`dashboard.${key}.open`, { name: item.name })}
                >
                  {item.name}
                </Link>
                <span className="small muted">{courseLabel(item)}</span>
              </div>
              <div className={styles.when}>
                <span className="badge badge-warning">
                  {t('dashboard.waiting', { count: item.count ?? 0 })}
                </span>
                {item.since && (
                  <span className="small muted">
                    {t('agenda.since', { when: dates.dateTime(item.since) })}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}

/**
 * Requests waiting for a lecturer: invitations to assist a course (answered on the courses page)
 * and their own course requests not decided yet.
 */
export function RequestsCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const invitations = useAssistantRequestsQuery();
  const requests = useMyCourseRequestsQuery();
  const pending = (requests.data ?? []).filter((request) => request.state === 'pending');
  const invited = invitations.data ?? [];
  const query = {
    isLoading: invitations.isLoading || requests.isLoading,
    isError: invitations.isError || requests.isError,
    error: invitations.error ?? requests.error,
    refetch: () => {
      void invitations.refetch();
      void requests.refetch();
    },
  };
  return (
    <QueryCard
      id="dashboard-requests"
      title={t('dashboard.requests.title')}
      query={query}
      isEmpty={invited.length === 0 && pending.length === 0}
      empty={t('dashboard.requests.empty')}
    >
      {() => (
        <ul className="plain-list">
          {invited.map((invitation) => (
            <li key={`invitation-${invitation.id}`} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <Link to="/courses" className={styles.name}>
                  {t('staff.requestText', {
                    name: invitation.requester_name ?? '—',
                    course: courseLabel({
                      course_code: invitation.course_code,
                      course_name: invitation.course_name ?? '',
                    }),
                  })}
                </Link>
                <span className="small muted">{dates.dateTime(invitation.created_at)}</span>
              </div>
              <span className="badge badge-warning">{t('dashboard.requests.toAnswer')}</span>
            </li>
          ))}
          {pending.map((request) => (
            <li key={`course-${request.id}`} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <Link to="/courses/requests" className={styles.name}>
                  {t('dashboard.requests.course', { name: `${request.code} · ${request.name}` })}
                </Link>
                <span className="small muted">{dates.dateTime(request.created_at)}</span>
              </div>
              <span className="badge badge-muted">{t('dashboard.requests.pending')}</span>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}

/**
 * The class sessions of the caller's classes that have started and whose attendance is not sent
 * yet (the presence service's own list), oldest first, each opening the session to send it.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const [openedAt] = useState(() => Date.now());
  const time = useServerTimeQuery();
  // the campus's wall clock when the card opened (this computer's when the server did not say)
  const offset = time.data ? serverOffset(time.data.time, time.data.receivedAt) : 0;
  const sessions = useSessionsToSendQuery(toApiDateTime(new Date(openedAt + offset)), {
    skip: time.isLoading,
  });
  const items = sessions.data?.items ?? [];
  return (
    <QueryCard
      id="dashboard-sessions"
      title={t('dashboard.sessions.title')}
      action={
        <Link to="/presence" className="small">
          {t('dashboard.all', { count: sessions.data?.total ?? 0 })}
        </Link>
      }
      query={{ ...sessions, isLoading: time.isLoading || sessions.isLoading }}
      isEmpty={items.length === 0}
      empty={t('dashboard.sessions.empty')}
    >
      {() => (
        <ul className="plain-list">
          {items.map((session) => (
            <li key={session.id} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <Link
                  to={`/presence/${session.course_id}/${session.class_id}/detail/${session.id}`}
                  className={styles.name}
                >
                  {t('dashboard.sessions.session', {
                    className: session.class_name,
                    when: dates.dateTime(session.start_at),
                  })}
                </Link>
                {session.act_code && <span className="small muted">{session.act_code}</span>}
              </div>
              <span className="badge badge-warning">{t('dashboard.sessions.notSent')}</span>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}
