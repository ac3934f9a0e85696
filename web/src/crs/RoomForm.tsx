import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { useCreateRoomMutation, useUpdateRoomMutation } from './crsApi';
import { fieldsOf, roomWrite, type Room, type RoomFields, type RoomProblem } from './crsTypes';
import styles from './crs.module.css';

/**
 * A live classroom's form (new, or one to change): its title, what it is about, when it starts and
 * ends, and the videos played in it (one address a line). Each field says beside it why it is
 * refused, the service's refusal under it.
 */
export function RoomForm({ courseId, room, onDone }: { courseId: string; room?: Room; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [fields, setFields] = useState<RoomFields>(() => fieldsOf(room));
  const [problems, setProblems] = useState<RoomProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateRoomMutation();
  const [update, updating] = useUpdateRoomMutation();
  const busy = creating.isLoading || updating.isLoading;
  const form = useRef<HTMLFormElement>(null);
  // the form opens where the keyboard is: on its first field
  useEffect(() => form.current?.querySelector('input')?.focus(), []);
  const set = (key: keyof RoomFields) => (value: string) => setFields((now) => ({ ...now, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = roomWrite(fields, courseId);
    setProblems(checked.problems ?? []);
    if (!checked.write) return;
    try {
      if (room) await update({ id: room.id, write: checked.write }).unwrap();
      else await create(checked.write).unwrap();
      onDone();
    } catch (error) {
      setFailure(notificationFor(error, t('crs.form.failed')).text);
    }
  };

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
