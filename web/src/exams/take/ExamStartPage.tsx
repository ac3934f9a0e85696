import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { serverOffset, useClockOffset } from '../../lib/serverClock';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { Lobby } from './Lobby';
import { TakingScreen } from './TakingScreen';
import { useGenerateMutation, useTakeQuery } from './takeApi';
import type { StudentExam } from './takeTypes';
import { refusalCode } from './transport';

/** Whether the lobby's attempt is still running (started, neither finished nor stopped). */
const running = (attempt: StudentExam | null | undefined) =>
  Boolean(attempt && attempt.start_at && !attempt.is_finished && !attempt.is_stopped);

/**
 * `/exam/{id}/start`: the lobby, then the taking screen. A running attempt is resumed at once
 * (after a reload the student is back at their question, their unsent answers with them); a
 * refused start stays in the lobby with the service's reason.
 */
export default function ExamStartPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const role = useMeQuery().data?.role;
  const staff = role !== undefined && role !== 'student';
  const take = useTakeQuery(id, { skip: role === undefined || staff });
  const [generate, generating] = useGenerateMutation();
  const clock = useClockOffset({ skip: role === undefined || staff });
  const [attempt, setAttempt] = useState<StudentExam | null>(null);
  const [refusal, setRefusal] = useState<{ code?: string; text: string } | null>(null);
  const resumed = useRef(false);

  const start = useCallback(() => {
    setRefusal(null);
    generate({ examId: id })
      .unwrap()
      .then(setAttempt)
      .catch((error: unknown) => {
        setRefusal({
          code: refusalCode(error),
          text: notificationFor(error, t('exam.take.startFailed')).text,
        });
        void take.refetch();
      });
  }, [generate, id, t, take]);

  useEffect(() => {
    if (!resumed.current && take.data && running(take.data.meta.attempt)) {
      resumed.current = true;
      start();
    }
  }, [take.data, start]);

  if (staff) {
    // staff do not take exams: they see a package as a student does in the preview
    return (
      <section aria-labelledby="start-title" className="page-message">
        <h1 id="start-title">{t('routes.examStart')}</h1>
        <p>{t('exam.take.staffNote')}</p>
        <p>
          <Link className="button" to={`/exam/${encodeURIComponent(id)}/preview/1`}>
            {t('exam.previewPackage', { pack: 1 })}
          </Link>
        </p>
      </section>
    );
  }
  if (take.isLoading || take.isUninitialized) return <Spinner label={t('exam.loading')} />;
  const status = (take.error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!take.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(take.error, t('exam.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void take.refetch()}>
          {t('exam.take.retry')}
        </button>
      </div>
    );
  }
  if (attempt) {
    return (
      <TakingScreen
        exam={take.data.exam}
        attempt={attempt}
        offset={clock ?? serverOffset(take.data.meta.server_time, take.data.receivedAt)}
        onEnded={() => navigate(`/exam/${encodeURIComponent(id)}`, { replace: true })}
      />
    );
  }
  if (generating.isLoading && running(take.data.meta.attempt))
    return <Spinner label={t('exam.take.resuming')} />;
  return <Lobby take={take.data} refusal={refusal} starting={generating.isLoading} onStart={start} />;
}
