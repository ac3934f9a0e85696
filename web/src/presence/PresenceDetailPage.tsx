import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ExportButton } from '../layout/ExportButton';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { QrCode } from '../layout/QrCode';
import { KeyFigures } from '../lib/charts/Charts';
import { cx } from '../lib/classNames';
import { useDates } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import {
  useClearMarkMutation,
  useExportPresenceMutation,
  useMarkPresenceMutation,
  useMarkUnmarkedPresentMutation,
  usePresenceQuery,
  useRenewCheckInCodeMutation,
} from './presenceApi';
import {
  PRESENCE_TYPES,
  tally,
  type Presence,
  type PresenceDetail,
  type PresenceType,
} from './presenceTypes';
import { SendSessionButton } from './SendSessionButton';
import { checkInLink } from './SessionItem';
import { useExportTexts } from './useExportTexts';
import styles from './presence.module.css';

/**
 * `/presence/{course_id}/{class_id}/detail/{presence_id}` (staff): the students of one session,
 * each marked with one of the five types in one click (a radio group each: arrow keys move and
 * mark), the marks counted, the session's export, and the send that locks it; once sent the
 * marks are shown read-only.
 */
export default function PresenceDetailPage() {
  const { t } = useTranslation();
  const { presenceId = '' } = useParams();
  const presence = usePresenceQuery(presenceId);
  if (presence.isLoading) return <Spinner label={t('presence.detail.loading')} />;
  if (presence.isError || !presence.data)
    return (
      <div className="page-message" role="alert">
        <h1>{t('presence.detail.notFound')}</h1>
        <p className="muted">{notificationFor(presence.error, t('presence.detail.failed')).text}</p>
      </div>
    );
  return <SessionStudents presence={presence.data} />;
}

function SessionStudents({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [exportPresence] = useExportPresenceMutation();
  const exportTexts = useExportTexts('presence.export.session');
  const sent = presence.is_sent;
  // only the course's lecturers and assistants change marks (`can_edit`), and only until it is sent
  const locked = sent || !presence.can_edit;
  const counts = tally(presence.details);
  const students = presence.details;
  return (
    <section aria-labelledby="detail-title">
      <header className="page-header">
        <div>
          <p className="muted">{t('presence.list.class', { class: presence.class_name })}</p>
          <h1 id="detail-title">
            {presence.act_code && <span className={styles.label}>{presence.act_code}</span>}{' '}
            {t('presence.detail.title', {
              when: t('presence.sessions.when', {
                start: dates.dateTime(presence.start_at),
                end: dates.time(presence.end_at),
              }),
            })}
          </h1>
          <p className="muted">
            {t('presence.sessions.window', {
              from: dates.time(presence.presence_start),
              to: dates.time(presence.presence_end),
            })}
          </p>
        </div>
        <div className={styles.actions}>
          <ExportButton produce={() => exportPresence(presence.id).unwrap()} texts={exportTexts} />
          {!locked && <SendSessionButton presence={presence} />}
        </div>
      </header>
      {sent ? (
        <p className="alert alert-warning">{t('presence.detail.locked')}</p>
      ) : (
        presence.check_in_code && <CheckInCode presence={presence} code={presence.check_in_code} />
      )}
      <KeyFigures
        items={[
          ...PRESENCE_TYPES.map((type) => ({
            key: type,
            label: t(`presence.types.${type}`),
            value: counts[type],
          })),
          { key: 'unmarked', label: t('presence.detail.unmarked'), value: counts.unmarked },
        ]}
      />
      <div className={styles.sessionHead}>
        <h2 className="section-title" id="students-title">
          {t('presence.detail.students', { count: students.length })}
        </h2>
        {!locked && <MarkUnmarkedPresent presenceId={presence.id} students={students} />}
      </div>
      {students.length === 0 ? (
        <p className="muted empty-state">{t('presence.detail.noStudents')}</p>
      ) : (
        <ul className={cx('plain-list', styles.students)} aria-labelledby="students-title">
          {students.map((student) => (
            <li key={student.user_id}>
              <StudentMarks presenceId={presence.id} student={student} locked={locked} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The code students check in with, large enough to show the room, and as a QR code of the class's
 * page with the code filled in; a new code when it went round.
 */
function CheckInCode({ presence, code }: { presence: Presence; code: string }) {
  const { t } = useTranslation();
  const [renew, renewing] = useRenewCheckInCodeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className={styles.codePanel}>
      <QrCode
        text={checkInLink(globalThis.location?.origin ?? '', presence, code)}
        label={t('presence.detail.qr', { code })}
        size={160}
      />
      <p>
        {t('presence.sessions.code')} <strong className={styles.code}>{code}</strong>
      </p>
      <button
        type="button"
        className="button small"
        disabled={renewing.isLoading}
        onClick={() => {
          setFailure(null);
          renew({ id: presence.id })
            .unwrap()
            .catch((error: unknown) =>
              setFailure(notificationFor(error, t('presence.detail.newCodeFailed')).text),
            );
        }}
      >
        {t('presence.detail.newCode')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}

/** Marks present, in one go, the students not marked yet (the others keep their marks). */
function MarkUnmarkedPresent({ presenceId, students }: { presenceId: string; students: PresenceDetail[] }) {
  const { t } = useTranslation();
  const [markAll, marking] = useMarkUnmarkedPresentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const unmarked = students.filter((student) => student.type === null);
  if (unmarked.length === 0) return null;
  return (
    <div>
      <button
        type="button"
        className="button small"
        disabled={marking.isLoading}
        aria-busy={marking.isLoading || undefined}
        onClick={() => {
          setFailure(null);
          markAll({ presenceId, students: unmarked })
            .unwrap()
            .catch((error: unknown) =>
              setFailure(notificationFor(error, t('presence.detail.allFailed')).text),
            );
        }}
      >
        {t('presence.detail.allPresent', { count: unmarked.length })}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}

/**
 * One student's five types as a radio group: a click (or an arrow key) marks at once; until the
 * session is sent, a mark given by mistake can be cleared (the student is then not marked).
 */
function StudentMarks({
  presenceId,
  student,
  locked,
}: {
  presenceId: string;
  student: PresenceDetail;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const [mark] = useMarkPresenceMutation();
  const [clear, clearing] = useClearMarkMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const saving = (call: Promise<unknown>, failed: string) => {
    setFailure(null);
    call.catch((error: unknown) => setFailure(notificationFor(error, failed).text));
  };
  const choose = (type: PresenceType) =>
    saving(
      mark({ presenceId, student, type }).unwrap(),
      t('presence.detail.markFailed', { name: student.name }),
    );
  return (
    <fieldset className={styles.student} disabled={locked}>
      <legend className={styles.studentName}>
        {student.name} <span className="muted small">{student.code}</span>
        {student.source === 'check_in' && student.marked_at && (
          <span className="muted small">
            {' '}
            · {t('presence.detail.checkedInAt', { at: dates.time(student.marked_at) })}
          </span>
        )}
      </legend>
      <div className={styles.choices}>
        {PRESENCE_TYPES.map((type) => (
          <label key={type} className={cx(styles.choice, student.type === type && styles[type])}>
            <input
              type="radio"
              name={`mark-${student.user_id}`}
              value={type}
              checked={student.type === type}
              onChange={() => choose(type)}
            />
            {t(`presence.types.${type}`)}
          </label>
        ))}
        {!locked && student.type !== null && (
          <button
            type="button"
            className="button small"
            disabled={clearing.isLoading}
            aria-label={t('presence.detail.clearOf', { name: student.name })}
            onClick={() =>
              saving(
                clear({ presenceId, student }).unwrap(),
                t('presence.detail.clearFailed', { name: student.name }),
              )
            }
          >
            {t('presence.detail.clear')}
          </button>
        )}
      </div>
      <WarningAlert>{failure}</WarningAlert>
    </fieldset>
  );
}
