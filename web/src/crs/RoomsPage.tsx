import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { CourseLoadFailed } from '../courses/CoursePage';
import { useCourseQuery, type Course } from '../courses/coursesApi';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { parseDate, useDates } from '../lib/dates';
import { useNow } from '../lib/serverClock';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import { CRS_PAGE_SIZE, useDeleteRoomMutation, useRoomsQuery } from './crsApi';
import type { Room } from './crsTypes';
import { RoomForm } from './RoomForm';
import styles from './crs.module.css';

/** Where a room is in its day: ended (by a host, or its time is over), live now, or still to come. */
export function roomPhase(room: Room, now: number): 'ended' | 'live' | 'upcoming' {
  if (room.is_ended || (parseDate(room.end_at)?.getTime() ?? Infinity) < now) return 'ended';
  return (parseDate(room.start_at)?.getTime() ?? 0) <= now ? 'live' : 'upcoming';
}

/**
 * `/courses/{id}/crs`: the live classrooms of a course, latest first, ten a page; everyone in the
 * course joins them and reads their results, its lecturers and assistants plan, change and delete
 * them.
 */
export default function RoomsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  if (course.isLoading) return <Spinner label={t('crs.rooms.loading')} />;
  if (course.isError || !course.data)
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  const staff = course.data.status === 'LECTURER' || course.data.status === 'ASSISTANT';
  return <CourseRooms course={course.data} staff={staff} />;
}

function CourseRooms({ course, staff }: { course: Course; staff: boolean }) {
  const { t } = useTranslation();
  const { page, goTo } = useListParams();
  const rooms = useRoomsQuery({ courseId: course.id, offset: (page - 1) * CRS_PAGE_SIZE });
  /** The room being planned: 'new', or the id of one being changed. */
  const [editing, setEditing] = useState<string | null>(null);
  const items = rooms.data?.items ?? [];
  return (
    <section aria-labelledby="rooms-title">
      <header className="page-header">
        <div>
          <p className="muted">{`${course.code} · ${course.name}`}</p>
          <h1 id="rooms-title">{t('crs.rooms.title')}</h1>
        </div>
        {staff && (
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('crs.rooms.new')}
          </button>
        )}
      </header>
      {editing === 'new' && <RoomForm course={course} onDone={() => setEditing(null)} />}
      {rooms.isLoading ? (
        <Spinner label={t('crs.rooms.loading')} />
      ) : rooms.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(rooms.error, t('crs.rooms.failed')).text}</p>
          <button type="button" className="button" onClick={() => void rooms.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted empty-state">{t(staff ? 'crs.rooms.emptyStaff' : 'crs.rooms.empty')}</p>
      ) : (
        <>
          <ul className="plain-list" aria-labelledby="rooms-title">
            {items.map((room) => (
              <li key={room.id} className="card card-body">
                {editing === room.id ? (
                  <RoomForm course={course} room={room} onDone={() => setEditing(null)} />
                ) : (
                  <RoomItem room={room} onEdit={() => setEditing(room.id)} />
                )}
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pageCount(rooms.data?.total ?? 0, CRS_PAGE_SIZE)} onPage={goTo} />
        </>
      )}
    </section>
  );
}

function RoomItem({ room, onEdit }: { room: Room; onEdit: () => void }) {
  const { t } = useTranslation();
  const { dateRange } = useDates();
  const now = useNow({ until: room.end_at });
  const phase = roomPhase(room, now);
  const [remove, removing] = useDeleteRoomMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const path = `/crs/${encodeURIComponent(room.id)}`;
  const titleId = `room-${room.id}`;
  return (
    <article aria-labelledby={titleId} className={styles.roomItem}>
      <div>
        <h2 id={titleId} className={styles.roomTitle}>
          {room.title}{' '}
          <span className={phase === 'live' ? 'badge' : 'badge badge-muted'}>{t(`crs.phase.${phase}`)}</span>
        </h2>
        <p className="muted">{dateRange(room.start_at, room.end_at)}</p>
        {room.description && <p>{room.description}</p>}
      </div>
      <p className="row-actions">
        {phase !== 'ended' && (
          <Link
            className="button button-primary small"
            to={path}
            aria-label={t('crs.rooms.joinNamed', { title: room.title })}
          >
            {t('crs.rooms.join')}
          </Link>
        )}
        <Link
          className="button small"
          to={`${path}/result`}
          aria-label={t('crs.rooms.resultsNamed', { title: room.title })}
        >
          {t('crs.rooms.results')}
        </Link>
        {room.can_edit && (
          <>
            <button
              type="button"
              className="button small"
              onClick={onEdit}
              aria-label={t('crs.rooms.editNamed', { title: room.title })}
            >
              {t('crs.rooms.edit')}
            </button>
            <ConfirmButton
              className="button small button-danger"
              label={t('crs.rooms.deleteNamed', { title: room.title })}
              question={t('crs.rooms.deleteQuestion', { title: room.title })}
              details={t('crs.rooms.deleteDetails')}
              action={t('crs.rooms.delete')}
              disabled={removing.isLoading}
              onConfirm={() =>
                void remove({ id: room.id })
                  .unwrap()
                  .catch((error: unknown) => setFailure(notificationFor(error).text))
              }
            >
              {t('crs.rooms.delete')}
            </ConfirmButton>
          </>
        )}
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </article>
  );
}
