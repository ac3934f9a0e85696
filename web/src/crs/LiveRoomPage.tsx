import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { cx } from '../lib/classNames';
import { notificationFor } from '../notifications/notification';
import { useRoomQuery } from './crsApi';
import type { LiveMark, Participant } from './crsTypes';
import { ChatPanel } from './ChatPanel';
import type { SocketFailure } from './crsSocket';
import { useLiveRoom, type LiveStatus } from './useLiveRoom';
import { VideoPanel } from './VideoPanel';
import { RoomLoadFailed } from './RoomLoadFailed';
import { VotePanel } from './VotePanel';
import styles from './crs.module.css';

/**
 * `/crs/{id}`: the live classroom. The room is read (its title, whether the reader may be in it),
 * then joined over the socket: the video in step with everybody's, the votes, who is in, the chat,
 * and the connection's state (connecting, live, reconnecting, ended); its hosts end it.
 */
export default function LiveRoomPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const room = useRoomQuery(id);
  if (room.isLoading) return <Spinner label={t('crs.live.loading')} />;
  if (room.isError || !room.data)
    return <RoomLoadFailed error={room.error} retry={() => void room.refetch()} />;
  return <LiveRoom roomId={id} />;
}

function LiveRoom({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const { dateRange } = useDates();
  const read = useRoomQuery(roomId);
  const { state, send, loadEarlier } = useLiveRoom(roomId);
  const [failure, setFailure] = useState<string | null>(null);
  const room = state.room ?? read.data!;
  const host = state.role === 'host';
  const live = state.status === 'live';
  const base = `/crs/${encodeURIComponent(roomId)}`;

  return (
    <section aria-labelledby="room-title" className={styles.room}>
      <header className="page-header">
        <div>
          <h1 id="room-title">{room.title}</h1>
          <p className="muted">{dateRange(room.start_at, room.end_at)}</p>
        </div>
        <div className="row-actions">
          <ConnectionState status={state.status} />
          <Link className="button small" to={`${base}/result`}>
            {t('crs.live.results')}
          </Link>
          {host && live && (
            <ConfirmButton
              className="button small button-danger"
              question={t('crs.live.endQuestion', { title: room.title })}
              details={t('crs.live.endDetails')}
              action={t('crs.live.end')}
              onConfirm={() =>
                void send('end', {}).catch((error: unknown) =>
                  setFailure(notificationFor(error, t('crs.noAnswer')).text),
                )
              }
            >
              {t('crs.live.end')}
            </ConfirmButton>
          )}
        </div>
      </header>
      <WarningAlert>{failure}</WarningAlert>
      {state.status === 'refused' && (
        <p className="alert alert-warning" role="alert">
          <Refusal refusal={state.refusal} />
        </p>
      )}
      {state.status === 'ended' && <p className="alert">{t('crs.live.endedText')}</p>}
      {state.role === 'student' && state.status !== 'connecting' && <Attendance mark={state.attendance} />}
      {room.description && <p>{room.description}</p>}
      <div className={styles.layout}>
        <div className={styles.main}>
          {state.video ? (
            <VideoPanel
              room={room}
              video={state.video}
              receivedAt={state.videoReceivedAt}
              host={host}
              live={live}
              send={send}
            />
          ) : (
            state.status === 'connecting' && <Spinner label={t('crs.live.joining')} />
          )}
          <VotePanel votes={state.votes} host={host} live={live} send={send} />
        </div>
        <div className={styles.side}>
          <Participants participants={state.participants} />
          <ChatPanel
            messages={state.messages}
            earlier={state.earlier}
            live={live}
            send={send}
            loadEarlier={loadEarlier}
          />
        </div>
      </div>
    </section>
  );
}

/**
 * Why the room refused the reader: not open yet (with when it opens) or closed, in the interface
 * language; anything else as the service says it.
 */
function Refusal({ refusal }: { refusal: SocketFailure | null }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const error = refusal?.data?.errors?.[0];
  if (error?.code === 'crs_not_started' && typeof error.meta?.opens_at === 'string')
    return t('crs.live.notStarted', { when: dateTime(error.meta.opens_at) });
  if (error?.code === 'crs_closed') return t('crs.live.closed');
  return notificationFor(refusal, t('crs.live.refused')).text;
}

/** What joining did to the student's attendance: marked present, already marked, why not, or none taken. */
function Attendance({ mark }: { mark: LiveMark | null }) {
  const { t } = useTranslation();
  const present = mark === 'marked' || mark === 'already_marked';
  return (
    <p
      className={cx('alert', mark !== null && !present && 'alert-warning')}
      role="status"
      data-testid="live-attendance"
    >
      {t(`crs.attendance.${mark ?? 'none'}`)}
    </p>
  );
}

/** Connecting, live, reconnecting, ended or refused: said once when it changes. */
function ConnectionState({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className={cx(
        'badge',
        status === 'reconnecting' ? 'badge-warning' : status !== 'live' && 'badge-muted',
      )}
      data-testid="connection-state"
    >
      {t(`crs.status.${status}`)}
    </p>
  );
}

/** Who is in the room now, the hosts marked. */
function Participants({ participants }: { participants: Participant[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="participants-title" className="card card-body">
      <h2 id="participants-title" className="section-title">
        {t('crs.participants.title', { count: participants.length })}
      </h2>
      <ul className={cx('plain-list', styles.participants)}>
        {participants.map((person) => (
          <li key={person.user_id}>
            {person.name}
            {person.is_host && <span className="badge"> {t('crs.participants.host')}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
