import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { clock, positionNow, type Room, type VideoState } from './crsTypes';
import type { RoomSend } from './crsSocket';
import styles from './crs.module.css';

/** A difference (seconds) between the picture and the room's position that makes the picture jump. */
const DRIFT = 1;
/** How far a host's "back" and "forward" move the video (seconds). */
const STEP = 10;

/** This computer's clock, read again every second while the video plays (the position shown moves on). */
function useTicking(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}

/**
 * The room's video, in step with everybody's: it follows the room's state (play, pause, where),
 * which a late joiner receives on joining. The hosts drive it with "Play for everyone", "Pause for
 * everyone", back and forward; the others follow (a browser that refuses to start a video by itself
 * offers a button to start it here).
 */
export function VideoPanel({
  room,
  video,
  receivedAt,
  host,
  live,
  send,
}: {
  room: Room;
  video: VideoState;
  receivedAt: number;
  host: boolean;
  live: boolean;
  send: RoomSend;
}) {
  const { t } = useTranslation();
  const element = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  const [muted, setMuted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const now = useTicking(video.playing);
  const source = room.videos[video.index] ?? room.videos[0];

  // the picture follows the room's state
  useEffect(() => {
    const player = element.current;
    if (!player) return;
    const position = positionNow(video, receivedAt, Date.now());
    if (player.readyState > 0 && Math.abs(player.currentTime - position) > DRIFT)
      player.currentTime = position;
    if (video.playing && player.paused)
      player.play().then(
        () => setBlocked(false),
        () => setBlocked(true),
      );
    if (!video.playing && !player.paused) player.pause();
  }, [video, receivedAt]);

  if (!source) return <p className="muted">{t('crs.video.none')}</p>;

  const position = positionNow(video, receivedAt, now);
  /** Where the picture is (the room's position while it cannot tell). */
  const here = () => {
    const player = element.current;
    return player && player.readyState > 0 ? player.currentTime : positionNow(video, receivedAt, Date.now());
  };
  const drive = (playing: boolean, at: number, index = video.index) => {
    setFailure(null);
    send(playing ? 'playVideo' : 'pauseVideo', { position: Math.max(0, at), video_index: index }).catch(
      (error: unknown) => setFailure(notificationFor(error, t('crs.noAnswer')).text),
    );
  };

  return (
    <section aria-labelledby="video-title" className={styles.video}>
      <h2 id="video-title" className="sr-only">
        {t('crs.video.title')}
      </h2>
      <video
        ref={element}
        className={styles.player}
        src={source.url}
        preload="auto"
        playsInline
        muted={muted}
        aria-label={source.title || t('crs.video.label', { n: video.index + 1 })}
        onLoadedMetadata={(event) => {
          event.currentTarget.currentTime = positionNow(video, receivedAt, Date.now());
        }}
      />
      <div className={styles.videoBar}>
        <p role="status" className={styles.videoState}>
          {video.playing ? t('crs.video.playing') : t('crs.video.pausedAt', { at: clock(position) })}
        </p>
        {video.playing && (
          <span className="muted" data-testid="video-position">
            {clock(position)}
          </span>
        )}
        {blocked && !host && (
          <button
            type="button"
            className="button small"
            onClick={() => void element.current?.play().then(() => setBlocked(false))}
          >
            {t('crs.video.start')}
          </button>
        )}
        <span className="row-actions">
          <button
            type="button"
            className="button small"
            aria-pressed={muted}
            onClick={() => setMuted(!muted)}
          >
            {t('crs.video.mute')}
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => void element.current?.requestFullscreen?.().catch(() => undefined)}
          >
            {t('crs.video.fullScreen')}
          </button>
        </span>
        {host && (
          <span className="row-actions">
            <button
              type="button"
              className="button small"
              disabled={!live}
              onClick={() => drive(video.playing, here() - STEP)}
            >
              {t('crs.video.back', { seconds: STEP })}
            </button>
            <button
              type="button"
              className="button button-primary small"
              disabled={!live}
              onClick={() => drive(!video.playing, here())}
            >
              {video.playing ? t('crs.video.pause') : t('crs.video.play')}
            </button>
            <button
              type="button"
              className="button small"
              disabled={!live}
              onClick={() => drive(video.playing, here() + STEP)}
            >
              {t('crs.video.forward', { seconds: STEP })}
            </button>
          </span>
        )}
      </div>
      {host && room.videos.length > 1 && (
        <div className="field">
          <label htmlFor="room-video-choice">{t('crs.video.choose')}</label>
          <select
            id="room-video-choice"
            value={video.index}
            disabled={!live}
            onChange={(event) => drive(false, 0, Number(event.target.value))}
          >
            {room.videos.map((item, index) => (
              <option key={`${index}-${item.url}`} value={index}>
                {item.title || t('crs.video.label', { n: index + 1 })}
              </option>
            ))}
          </select>
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
