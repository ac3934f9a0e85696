import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import type { Content } from './projectsApi';

type Card = NonNullable<Content['board']>['columns'][number]['cards'][number];

/**
 * A card's title and description, shown on the card and changed in place: "Edit" opens the form
 * (keyboard: Enter on the summary), Save sends it and closes it; the board answered (and pushed to
 * the other members) shows the change.
 */
export function CardEditor({
  card,
  onSave,
}: {
  card: Card;
  onSave: (change: { title: string; description: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (opened: boolean) => {
    setOpen(opened);
    if (opened) {
      // start from what the board shows now (another member may have changed it)
      setTitle(card.title);
      setDescription(card.description);
      setProblem(null);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setProblem(t('projects.board.titleRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    onSave({ title: title.trim(), description })
      .then(() => setOpen(false))
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.board.failed')).text))
      .finally(() => setBusy(false));
  };

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
