import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { useDates, parseDate } from '../lib/dates';
import { useClockOffset } from '../lib/serverClock';
import { useAnnouncementsQuery } from '../messaging/announcements/announcementsApi';
import { useUnreadRoomsQuery } from '../messaging/chat/chatApi';
import {
  type DashboardTask,
  useDashboardGradesQuery,
  useDashboardProgressQuery,
  useDashboardTasksQuery,
  useTodoOfTypeQuery,
  useUnreadMessagesQuery,
} from './dashboardApi';
import { QueryCard } from './QueryCard';
import styles from './dashboard.module.css';

/** A course as a row names it: its code, then its name. */
export const courseLabel = (item: { course_code: string | null; course_name: string }) =>
  [item.course_code, item.course_name].filter(Boolean).join(' · ');

/**
 * The student's exams open now or within the week (the to-do's exams): a start button once the
 * window is open (by the campus's clock), resume for an attempt in progress, else when it opens.
 */
export function ExamsCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const exams = useTodoOfTypeQuery('exam');
  const offset = useClockOffset();
  const [openedAt] = useState(() => Date.now());
  const now = openedAt + (offset ?? 0);
  const items = exams.data?.items ?? [];
  return (
    <QueryCard
      id="dashboard-exams"
      title={t('dashboard.exams.title')}
      action={
        <Link to="/exam" className="small">
          {t('dashboard.all', { count: exams.data?.total ?? 0 })}
        </Link>
      }
      query={exams}
      isEmpty={items.length === 0}
      empty={t('dashboard.exams.empty')}
    >
      {() => (
        <ul className="plain-list">
          {items.map((exam) => {
            const opensAt = parseDate(exam.start_at)?.getTime();
            const open = opensAt === undefined || opensAt <= now;
            return (
              <li key={exam.id} className={`list-row ${styles.row}`}>
                <div className={styles.text}>
                  <Link to={`/exam/${exam.item_id}`} className={styles.name}>
                    {exam.name}
                  </Link>
                  <span className="small muted">{courseLabel(exam)}</span>
                  <span className="small muted">
                    {open
                      ? exam.end_at
                        ? t('dashboard.exams.closes', { when: dates.dateTime(exam.end_at) })
                        : t('dashboard.exams.openNow')
                      : t('dashboard.exams.opens', { when: dates.dateTime(exam.start_at) })}
                  </span>
                </div>
                {exam.status === 'in_progress' ? (
                  <Link
                    to={`/exam/${exam.item_id}/start`}
                    className="button small button-primary"
                    aria-label={t('dashboard.exams.resumeNamed', { name: exam.name })}
                  >
                    {t('dashboard.exams.resume')}
                  </Link>
                ) : open ? (
                  <Link
                    to={`/exam/${exam.item_id}/start`}
                    className="button small button-primary"
                    aria-label={t('dashboard.exams.startNamed', { name: exam.name })}
                  >
                    {t('dashboard.exams.start')}
                  </Link>
                ) : (
                  <span className="badge badge-muted">{t('dashboard.exams.soon')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryCard>
  );
}

/** Statuses that ask the student to act (a badge in the warning colour). */
const TO_ACT = new Set<DashboardTask['status']>(['not_sent', 'change_requested']);

/** The student's assignments due, with where their answer stands (a score once it is shown). */
export function TasksCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const tasks = useDashboardTasksQuery();
  const items = tasks.data?.items ?? [];
  return (
    <QueryCard
      id="dashboard-tasks"
      title={t('dashboard.tasks.title')}
      action={
        <Link to="/assignment" className="small">
          {t('dashboard.all', { count: tasks.data?.total ?? 0 })}
        </Link>
      }
      query={tasks}
      isEmpty={items.length === 0}
      empty={t('dashboard.tasks.empty')}
    >
      {() => (
        <ul className="plain-list">
          {items.map((task) => (
            <li key={task.id} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <Link to={`/assignment/${task.id}`} className={styles.name}>
                  {task.name}
                </Link>
                <span className="small muted">{courseLabel(task)}</span>
              </div>
              <div className={styles.when}>
                <span className={`badge ${TO_ACT.has(task.status) ? 'badge-warning' : 'badge-muted'}`}>
                  {t(`dashboard.tasks.statuses.${task.status}`, { score: task.score ?? '' })}
                </span>
                <span className="small muted">
                  {task.end_at === null
                    ? t('dashboard.tasks.noDue')
                    : task.due_today
                      ? t('dashboard.tasks.dueToday', { time: dates.time(task.end_at) })
                      : t('dashboard.tasks.due', { when: dates.dateTime(task.end_at) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}

/**
 * What the student has not read: their unread course messages (the latest three), chats with new
 * messages and announcements not seen yet — each from the messaging service's own lists.
 */
export function UnreadCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const me = useMeQuery();
  const messages = useUnreadMessagesQuery(me.data?.id ?? '', { skip: !me.data });
  const rooms = useUnreadRoomsQuery();
  const announcements = useAnnouncementsQuery({});
  const query = {
    isLoading: !me.data || messages.isLoading || rooms.isLoading || announcements.isLoading,
    isError: messages.isError || rooms.isError || announcements.isError,
    error: messages.error ?? rooms.error ?? announcements.error,
    refetch: () => {
      void messages.refetch();
      void rooms.refetch();
      void announcements.refetch();
    },
  };
  const unreadMessages = messages.data?.total ?? 0;
  const unreadRooms = rooms.data ?? 0;
  const notSeen = (announcements.data ?? []).filter((announcement) => !announcement.seen);
  return (
    <QueryCard
      id="dashboard-unread"
      title={t('dashboard.unread.title')}
      query={query}
      isEmpty={unreadMessages === 0 && unreadRooms === 0 && notSeen.length === 0}
      empty={t('dashboard.unread.empty')}
    >
      {() => (
        <div className={styles.stack}>
          <ul className={`plain-list ${styles.counts}`}>
            <li>
              <Link to="/messages">{t('dashboard.unread.messages', { count: unreadMessages })}</Link>
            </li>
            <li>
              <Link to="/chat">{t('dashboard.unread.chats', { count: unreadRooms })}</Link>
            </li>
            <li>
              <Link to="/announcements">
                {t('dashboard.unread.announcements', { count: notSeen.length })}
              </Link>
            </li>
          </ul>
          <ul className="plain-list">
            {(messages.data?.items ?? []).map((message) => (
              <li key={`message-${message.id}`} className={`list-row ${styles.row}`}>
                <div className={styles.text}>
                  <Link to={`/messages/${message.id}`} className={styles.name}>
                    {message.subject}
                  </Link>
                  <span className="small muted">
                    {t('dashboard.unread.from', { name: message.sender?.name ?? '—' })} ·{' '}
                    {dates.dateTime(message.created_at)}
                  </span>
                </div>
              </li>
            ))}
            {notSeen.slice(0, 3).map((announcement) => (
              <li key={`announcement-${announcement.id}`} className={`list-row ${styles.row}`}>
                <div className={styles.text}>
                  <Link to="/announcements" className={styles.name}>
                    {t('dashboard.unread.from', { name: announcement.creator_name })}
                  </Link>
                  <span className="small muted">{dates.dateTime(announcement.start_at)}</span>
                </div>
                <span className="badge">{t('dashboard.unread.announcement')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryCard>
  );
}

/** The scores released to the student lately: of assignments and exams that show them. */
export function GradesCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const grades = useDashboardGradesQuery();
  const items = grades.data?.items ?? [];
  return (
    <QueryCard
      id="dashboard-grades"
      title={t('dashboard.grades.title')}
      query={grades}
      isEmpty={items.length === 0}
      empty={t('dashboard.grades.empty')}
    >
      {() => (
        <ul className="plain-list">
          {items.map((grade) => (
            <li key={grade.id} className={`list-row ${styles.row}`}>
              <div className={styles.text}>
                <Link
                  to={grade.kind === 'exam' ? `/exam/${grade.item_id}` : `/assignment/${grade.item_id}`}
                  className={styles.name}
                >
                  {grade.name}
                </Link>
                <span className="small muted">
                  {t(`dashboard.grades.kinds.${grade.kind}`)} · {courseLabel(grade)} ·{' '}
                  {dates.date(grade.released_at)}
                </span>
              </div>
              <div className={styles.when}>
                <strong className={styles.score}>{grade.score}</strong>
                {grade.is_passed !== null && (
                  <span className={`badge ${grade.is_passed ? '' : 'badge-warning'}`}>
                    {t(grade.is_passed ? 'dashboard.grades.passed' : 'dashboard.grades.notPassed')}
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

/** The student's completion per course that tracks it: a bar per course, its numbers for readers. */
export function ProgressCard() {
  const { t } = useTranslation();
  const progress = useDashboardProgressQuery();
  const items = progress.data?.items ?? [];
  return (
    <QueryCard
      id="dashboard-progress"
      title={t('dashboard.progress.title')}
      query={progress}
      isEmpty={items.length === 0}
      empty={t('dashboard.progress.empty')}
    >
      {() => (
        <ul className="plain-list">
          {items.map((course) => (
            <li key={course.id} className={styles.progress}>
              <div className={styles.progressHead}>
                <Link to={`/courses/${course.course_id}`}>{courseLabel(course)}</Link>
                <span className="small muted">
                  {t('dashboard.progress.done', {
                    percentage: Math.round(course.percentage),
                    completed: course.completed,
                    required: course.required,
                  })}
                </span>
              </div>
              <span className={styles.track} aria-hidden="true">
                <span className={styles.fill} style={{ width: `${Math.min(100, course.percentage)}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}
