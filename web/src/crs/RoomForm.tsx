import { useTranslation } from 'react-i18next';
import { courseStaff } from '../courses/courseStaff';
import type { Course } from '../courses/coursesApi';
import { activityName } from '../courses/names';
import { byIndex } from '../courses/structure';
import { InputField } from '../layout/InputField';
import { SelectField } from '../layout/SelectField';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { useCheckedForm } from '../lib/useCheckedForm';
import { usePresencesQuery } from '../presence/presenceApi';
import { useCreateRoomMutation, useUpdateRoomMutation } from './crsApi';
import { fieldsOf, roomWrite, type Room, type RoomFields, type RoomProblem } from './crsTypes';
import styles from './crs.module.css';

/** Presence sessions the room form offers (a course has a few classes of about sixteen sessions). */
const SESSIONS_OFFERED = 200;

/**
 * A live classroom's form (new, or one to change): its title, what it is about, when it starts and
 * ends, the videos played in it (one address a line), the activity it belongs to, the presence
 * session its joining students are marked present in, and its hosts among the course's staff.
 * Each field says beside it why it is refused, the service's refusal under it.
 */
export function RoomForm({ course, room, onDone }: { course: Course; room?: Room; onDone: () => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [create, creating] = useCreateRoomMutation();
  const [update, updating] = useUpdateRoomMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { id, form, fields, set, problems, failure, submit } = useCheckedForm({
    initial: () => fieldsOf(room),
    noProblems: [] as RoomProblem[],
    check: (current: RoomFields) => roomWrite(current, course.id),
    save: (write) => (room ? update({ id: room.id, write }).unwrap() : create(write).unwrap()),
    done: onDone,
    failed: t('crs.form.failed'),
  });
  const sessions = usePresencesQuery({ courseId: course.id, limit: SESSIONS_OFFERED, offset: 0 });
  const staff = courseStaff(course);
  const toggleHost = (userId: string, on: boolean) =>
    set('hosts')(on ? [...fields.hosts, userId] : fields.hosts.filter((host) => host !== userId));

  /** The problem of a field, shown under it and read with it. */
  const problem = (key: RoomProblem) =>
    problems.includes(key) ? (
      <p id={`${id}-${key}-problem`} className={styles.problem}>
        {t(`crs.form.problems.${key}`)}
      </p>
    ) : null;
  const described = (...keys: RoomProblem[]) =>
    keys
      .filter((key) => problems.includes(key))
      .map((key) => `${id}-${key}-problem`)
      .join(' ') || undefined;

  return (
    <form
      ref={form}
      className={`card card-body ${styles.form}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="section-title">
        {t(room ? 'crs.form.editTitle' : 'crs.form.newTitle')}
      </h2>
      <div>
        <InputField
          id={`${id}-name`}
          label={t('crs.form.title')}
          value={fields.title}
          onChange={set('title')}
          maxLength={200}
          required
          invalid={problems.includes('title')}
          aria-describedby={described('title')}
        />
        {problem('title')}
      </div>
      <div className={styles.formGrid}>
        <div>
          <InputField
            id={`${id}-start`}
            label={t('crs.form.start')}
            type="datetime-local"
            value={fields.start}
            onChange={set('start')}
            required
            invalid={problems.includes('start')}
            aria-describedby={described('start')}
          />
          {problem('start')}
        </div>
        <div>
          <InputField
            id={`${id}-end`}
            label={t('crs.form.end')}
            type="datetime-local"
            value={fields.end}
            onChange={set('end')}
            required
            invalid={problems.includes('end') || problems.includes('order')}
            aria-describedby={described('end', 'order')}
          />
          {problem('end')}
          {problem('order')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('crs.form.description')}</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={5000}
          value={fields.description}
          onChange={(event) => set('description')(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-videos`}>{t('crs.form.videos')}</label>
        <textarea
          id={`${id}-videos`}
          rows={3}
          value={fields.videos}
          aria-invalid={problems.includes('videos') || undefined}
          aria-describedby={[`${id}-videos-hint`, described('videos')].filter(Boolean).join(' ')}
          onChange={(event) => set('videos')(event.target.value)}
        />
        <p id={`${id}-videos-hint`} className="muted small">
          {t('crs.form.videosHint')}
        </p>
        {problem('videos')}
      </div>
      <div className={styles.formGrid}>
        <SelectField
          id={`${id}-activity`}
          label={t('crs.form.activity')}
          value={fields.activityId}
          onChange={set('activityId')}
        >
          <option value="">{t('crs.form.noActivity')}</option>
          {byIndex(course.modules).map((module) => (
            <optgroup key={module.id} label={module.name}>
              {byIndex(module.activities).map((activity) => (
                <option key={activity.id} value={activity.id}>
                  {activityName(t, activity.name)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <div>
          <SelectField
            id={`${id}-presence`}
            label={t('crs.form.presence')}
            value={fields.presenceId}
            onChange={set('presenceId')}
            busy={sessions.isFetching}
          >
            <option value="">{t('crs.form.noPresence')}</option>
            {(sessions.data?.items ?? []).map((session) => (
              <option key={session.id} value={session.id}>
                {[session.class_name, session.act_code, dates.dateTime(session.start_at)]
                  .filter(Boolean)
                  .join(' · ')}
              </option>
            ))}
          </SelectField>
          <p className="muted small">{t('crs.form.presenceHint')}</p>
        </div>
      </div>
      {staff.length > 0 && (
        <fieldset className={styles.hosts}>
          <legend>{t('crs.form.hosts')}</legend>
          {staff.map((person) => (
            <label key={person.id}>
              <input
                type="checkbox"
                checked={fields.hosts.includes(person.id)}
                onChange={(event) => toggleHost(person.id, event.target.checked)}
              />{' '}
              {person.name} <span className="muted small">{t(`crs.form.staffRoles.${person.role}`)}</span>
            </label>
          ))}
          <p className="muted small">{t(room ? 'crs.form.hostsKept' : 'crs.form.hostsHint')}</p>
        </fieldset>
      )}
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('crs.form.saving') : t('crs.form.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}
