import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cx } from '../lib/classNames';
import { parseDate, useDates } from '../lib/dates';
import { useNow } from '../lib/serverClock';
import { CheckInForm } from './CheckInForm';
import { SendSessionButton } from './SendSessionButton';
import { topicPath } from './SessionForm';
import { PRESENCE_TYPES, type Presence } from './presenceTypes';
import styles from './presence.module.css';

/** The students of a session (staff). */
export const detailPath = (presence: Presence) =>
  `/presence/${encodeURIComponent(presence.course_id)}/${encodeURIComponent(presence.class_id)}/detail/${encodeURIComponent(presence.id)}`;

/**
 * The class's page with a session's code filled in (`?check_in={id}&code={code}`): what the QR code
 * the lecturer shows opens, so a student scanning it only presses "Check in".
 */
export const checkInLink = (origin: string, presence: Presence, code: string) =>
  `${origin}/presence/${encodeURIComponent(presence.course_id)}/${encodeURIComponent(presence.class_id)}?${new URLSearchParams({ check_in: presence.id, code })}`;

/** Where a session's check-in window stands at `now`. */
export function windowState(presence: Presence, now: number): 'before' | 'open' | 'after' {
  const from = parseDate(presence.presence_start)?.getTime() ?? 0;
  const to = parseDate(presence.presence_end)?.getTime() ?? 0;
  return now < from ? 'before' : now > to ? 'after' : 'open';
}

/**
 * One session in the class's list: its label, when, its check-in window, topics and note; for the staff the
 * code students check in with, its marks counted by type and what can be done with it, for a
 * student their own mark and the check-in.
 */
export function SessionItem({
  presence,
  courseId,
  scannedCode,
  onEdit,
}: {
  presence: Presence;
  courseId: string;
  /** The code of this session a scanned QR code brought (the student's check-in starts with it). */
  scannedCode: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const sent = presence.is_sent;
  const when = dates.dateTime(presence.start_at) ?? '';
  const titleId = `session-${presence.id}`;
  const counts = presence.counts;
  // the staff's summary of the marks: "20 present · 1 sick · … · 3 not marked"
  const summary =
    counts &&
    [
      ...PRESENCE_TYPES.map((type) => t(`presence.counts.${type}`, { count: counts[type] })),
      ...(counts.unmarked > 0 ? [t('presence.counts.unmarked', { count: counts.unmarked })] : []),
    ].join(' · ');
  return (
    <article aria-labelledby={titleId} className={styles.session}>
      <div className={styles.sessionHead}>
        <h2 id={titleId} className={styles.sessionTitle}>
          {presence.act_code && <span className={styles.label}>{presence.act_code}</span>}{' '}
          {t('presence.sessions.when', { start: when, end: dates.time(presence.end_at) })}
        </h2>
        <span className={cx('badge', sent && 'badge-muted')}>
          {t(sent ? 'presence.sessions.sent' : 'presence.sessions.open')}
        </span>
      </div>
      <p className="muted small">
        {t('presence.sessions.window', {
          from: dates.time(presence.presence_start),
          to: dates.time(presence.presence_end),
        })}
      </p>
      {presence.topics.length > 0 && (
        <p className="small">
          {t('presence.sessions.topics')}{' '}
          {presence.topics.map((topic, index) => (
            <span key={topic.id}>
              {index > 0 && ', '}
              <Link to={topicPath(courseId, topic.id)}>{topic.name}</Link>
            </span>
          ))}
        </p>
      )}
      {presence.note && <p className={styles.note}>{presence.note}</p>}
      {counts === null ? (
        <StudentMark presence={presence} scannedCode={scannedCode} />
      ) : (
        // the staff's view: the code, the counts, and the changes the caller may make (`can_edit`)
        <>
          {!sent && presence.check_in_code && (
            <p>
              {t('presence.sessions.code')} <strong className={styles.code}>{presence.check_in_code}</strong>
            </p>
          )}
          <p className="small">{summary}</p>
          <div className="row-actions">
            <Link
              className="button small"
              to={detailPath(presence)}
              aria-label={t('presence.sessions.studentsOf', { when })}
            >
              {t('presence.sessions.students')}
            </Link>
            {!sent && presence.can_edit && (
              <button
                type="button"
                className="button small"
                onClick={onEdit}
                aria-label={t('presence.sessions.editOf', { when })}
              >
                {t('presence.sessions.edit')}
              </button>
            )}
            {!sent && presence.can_edit && <SendSessionButton presence={presence} />}
          </div>
        </>
      )}
    </article>
  );
}

/** A student's own mark in a session, and the check-in while its window is open. */
function StudentMark({ presence, scannedCode }: { presence: Presence; scannedCode: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const now = useNow({ until: presence.presence_end });
  const mine = presence.my_detail;
  const state = windowState(presence, now);
  const marked = mine?.type ?? null;
  return (
    <>
      <p>
        {t('presence.mine.label')}{' '}
        <strong className={cx(styles.mark, marked && styles[marked])}>
          {marked ? t(`presence.types.${marked}`) : t('presence.mine.none')}
        </strong>
      </p>
      {presence.is_sent || marked === 'attend' ? null : state === 'open' ? (
        <CheckInForm presenceId={presence.id} initialCode={scannedCode} />
      ) : (
        <p className="muted small">
          {state === 'before'
            ? t('presence.mine.opens', { at: dates.dateTime(presence.presence_start) })
            : t('presence.mine.closed')}
        </p>
      )}
    </>
  );
}
