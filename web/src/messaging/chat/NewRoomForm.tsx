import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { InputField } from '../../layout/InputField';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { CourseField } from '../CourseField';
import { useRecipients, type Recipient } from '../messages/recipients';
import styles from '../messaging.module.css';
import { useCreateChatRoomMutation, type NewRoomUser } from './chatApi';

const toChatUser = (person: Recipient): NewRoomUser => ({
  id: Number(person.id),
  name: person.name,
  thumbnail: person.thumbnail,
  level: person.role,
});

/**
 * A new conversation with people of one of the caller's courses (those a course message may go
 * to): one person makes a personal room, several a named group. The room opens once made.
 */
export function NewRoomForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [courseId, setCourseId] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const people = useRecipients(courseId);
  const [create, creating] = useCreateChatRoomMutation();

  const unique = people.recipients;
  const shown = unique.filter((person) => person.name.toLowerCase().includes(search.trim().toLowerCase()));
  const group = chosen.length > 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setProblem(t('messaging.chat.pickRequired'));
    if (group && !name.trim()) return setProblem(t('messaging.chat.groupNameRequired'));
    setProblem(null);
    const users = unique.filter((person) => chosen.includes(person.id)).map(toChatUser);
    create(group ? { type: 'group', users, name: name.trim() } : { type: 'personal', users })
      .unwrap()
      .then((room) => {
        setOpen(false);
        setChosen([]);
        setName('');
        navigate(`/chat/${encodeURIComponent(room.id)}`);
      })
      .catch((error: unknown) => setProblem(notificationFor(error, t('messaging.chat.startFailed')).text));
  };

  if (!open)
    return (
      <button type="button" className="button small" onClick={() => setOpen(true)} aria-expanded={false}>
        {t('messaging.chat.newRoom')}
      </button>
    );
  return (
    <form className={styles.newRoom} onSubmit={submit} aria-labelledby="new-room-title" noValidate>
      <h3 id="new-room-title" className="small">
        {t('messaging.chat.newRoom')}
      </h3>
      <p className="muted small">{t('messaging.chat.pick')}</p>
      <CourseField id="new-room-course" value={courseId} onChange={setCourseId} />
      <InputField
        id="new-room-search"
        label={t('messaging.chat.search')}
        value={search}
        onChange={setSearch}
        type="search"
      />
      {!courseId ? null : people.isLoading ? (
        <p className="muted small">{t('messaging.chat.searching')}…</p>
      ) : shown.length === 0 ? (
        <p className="muted small">{t('messaging.chat.noPeople')}</p>
      ) : (
        <fieldset className={styles.people}>
          <legend className="sr-only">{t('messaging.chat.pick')}</legend>
          {shown.map((person) => (
            <label key={person.id} className={styles.person}>
              <input
                type="checkbox"
                checked={chosen.includes(person.id)}
                onChange={(event) =>
                  setChosen((list) =>
                    event.target.checked ? [...list, person.id] : list.filter((id) => id !== person.id),
                  )
                }
              />{' '}
              {person.name}{' '}
              <span className="muted small">
                {t(`roles.${person.role === 'assistant' ? 'lecturer' : person.role}`)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {group && (
        <InputField
          id="new-room-name"
          label={t('messaging.chat.groupName')}
          value={name}
          onChange={setName}
          maxLength={100}
        />
      )}
      <WarningAlert>{problem}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary small" disabled={creating.isLoading}>
          {t('messaging.chat.start')}
        </button>
        <button type="button" className="button small" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}
