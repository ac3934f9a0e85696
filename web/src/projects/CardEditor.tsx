import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { fromDateTimeField, toDateTimeField } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import { MAX_ASSIGNEES, type BoardCard, type Person } from './projectsApi';
import styles from './projects.module.css';

/** What a card's form saves: title, description, assignees, due date (wire format or none), done. */
export interface CardEdit {
  title: string;
  description: string;
  assignee_ids: number[];
  due_at: string | null;
  is_completed: boolean;
}

/**
 * A card's title, description, assignees (the project's members, by name, at most ten), due date
 * and whether it is done ("Done", beside the date), shown on the card and changed in place: "Edit"
 * opens the form (keyboard: Enter on the summary), Save sends it and closes it; the board answered
 * (and pushed to the other members) shows the change.
 */
export function CardEditor({
  card,
  members,
  onSave,
}: {
  card: BoardCard;
  /** The project's members, who may be assigned. */
  members: Person[];
  onSave: (change: CardEdit) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [assignees, setAssignees] = useState<number[]>(card.assignee_ids);
  const [due, setDue] = useState(toDateTimeField(card.due_at));
  const [done, setDone] = useState(card.is_completed);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (opened: boolean) => {
    setOpen(opened);
    if (opened) {
      // start from what the board shows now (another member may have changed it)
      setTitle(card.title);
      setDescription(card.description);
      setAssignees(card.assignee_ids);
      setDue(toDateTimeField(card.due_at));
      setDone(card.is_completed);
      setProblem(null);
    }
  };
  const pick = (userId: number, picked: boolean) =>
    setAssignees((current) => (picked ? [...current, userId] : current.filter((id) => id !== userId)));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setProblem(t('projects.board.titleRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    onSave({
      title: title.trim(),
      description,
      assignee_ids: assignees,
      due_at: fromDateTimeField(due),
      is_completed: done,
    })
      .then(() => setOpen(false))
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.board.failed')).text))
      .finally(() => setBusy(false));
  };
  const full = assignees.length >= MAX_ASSIGNEES;

  return (
    <>
      {card.description && !open && <p className="muted small">{card.description}</p>}
      <details open={open} onToggle={(event) => toggle(event.currentTarget.open)}>
        <summary className="small">
          <span aria-hidden="true">{t('projects.board.edit')}</span>
          <span className="sr-only">{t('projects.board.editCard', { title: card.title })}</span>
        </summary>
        {open && (
          <form onSubmit={save} noValidate>
            <InputField
              id={`card-title-${card.id}`}
              label={t('projects.board.cardTitle')}
              value={title}
              onChange={setTitle}
              maxLength={200}
              invalid={problem !== null && !title.trim()}
            />
            <div className="field">
              <label htmlFor={`card-description-${card.id}`}>{t('projects.board.cardDescription')}</label>
              <textarea
                id={`card-description-${card.id}`}
                value={description}
                maxLength={5000}
                rows={3}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <fieldset className={styles.assigneePicker} aria-describedby={`card-assignees-${card.id}`}>
              <legend>{t('projects.board.assignees')}</legend>
              <p id={`card-assignees-${card.id}`} className="muted small">
                {members.length === 0
                  ? t('projects.board.noMembers')
                  : t('projects.board.assigneesHint', { max: MAX_ASSIGNEES })}
              </p>
              {members.map((member) => {
                const picked = assignees.includes(member.user_id);
                return (
                  <label key={member.user_id}>
                    <input
                      type="checkbox"
                      checked={picked}
                      disabled={!picked && full}
                      onChange={(event) => pick(member.user_id, event.target.checked)}
                    />{' '}
                    {member.name}
                  </label>
                );
              })}
            </fieldset>
            <div className="field">
              <label htmlFor={`card-due-${card.id}`}>{t('projects.board.dueAt')}</label>
              <input
                id={`card-due-${card.id}`}
                type="datetime-local"
                value={due}
                onChange={(event) => setDue(event.target.value)}
              />
              <label>
                <input type="checkbox" checked={done} onChange={(event) => setDone(event.target.checked)} />{' '}
                {t('projects.board.done')}
              </label>
            </div>
            <WarningAlert>{problem}</WarningAlert>
            <p className="row-actions">
              <button type="submit" className="button small" disabled={busy}>
                {t('projects.board.saveCard')}
              </button>
            </p>
          </form>
        )}
      </details>
    </>
  );
}
