import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../auth/authApi';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { initials } from '../layout/TopbarMenus';
import { WarningAlert } from '../layout/WarningAlert';
import { parseDate, useDates } from '../lib/dates';
import { useNow } from '../lib/serverClock';
import { notificationFor } from '../notifications/notification';
import { CardEditor } from './CardEditor';
import { NameForm } from './JoinForm';
import {
  useChangeBoardMutation,
  useProjectQuery,
  type BoardCard as Card,
  type BoardChange,
  type Content,
  type Person,
} from './projectsApi';
import styles from './projects.module.css';

/** A card's assignees as avatars (their initials, or their picture) with their names for screen readers. */
function Assignees({ card, members }: { card: Card; members: Person[] }) {
  const { t } = useTranslation();
  if (card.assignee_ids.length === 0) return null;
  const people = card.assignee_ids.map(
    (id) =>
      members.find((member) => member.user_id === id) ?? { user_id: id, name: `#${id}`, thumbnail: null },
  );
  return (
    <p className={styles.assignees}>
      {people.map((person) => (
        <span
          key={person.user_id}
          className={`avatar ${styles.assignee}`}
          aria-hidden="true"
          title={person.name}
          data-initials={person.thumbnail ? undefined : initials(person.name)}
        >
          {person.thumbnail ? <img src={person.thumbnail} alt="" /> : null}
        </span>
      ))}
      <span className="sr-only">
        {t('projects.board.assignedTo', { names: people.map((person) => person.name).join(', ') })}
      </span>
    </p>
  );
}

/**
 * A card's due date; past it (by the campus's clock, `now`), in the warning colour and said in
 * words. A done card says so (a mark and the word) and is never overdue.
 */
function Due({ card, now }: { card: Card; now: number }) {
  const { t } = useTranslation();
  const dates = useDates();
  const due = parseDate(card.due_at);
  const date = due && dates.dateTime(due);
  if (card.is_completed)
    return (
      <p className={`badge ${styles.due}`}>
        <span aria-hidden="true">✓ </span>
        {date ? t('projects.board.doneDue', { date }) : t('projects.board.done')}
      </p>
    );
  if (!due) return null;
  return due.getTime() < now ? (
    <p className={`badge badge-warning ${styles.due}`}>
      <span aria-hidden="true">⚠ </span>
      {t('projects.board.overdue', { date })}
    </p>
  ) : (
    <p className={`muted small ${styles.due}`}>{t('projects.board.due', { date })}</p>
  );
}

/** Where a dragged card would land: a column, before the card at `position` (its end when past it). */
interface Drop {
  columnId: number;
  position: number;
}

/**
 * A kanban board: cards are moved by dragging them (onto a card: before it; onto a column: to its
 * end) or from the keyboard — each card has a "move to" column menu and up/down buttons. Every
 * move is one call; the board answered (and what other members do, pushed on the socket) replaces
 * the one shown. A polite live region says where a moved card went. Cards show their assignees
 * and due date; "Assigned to me" narrows the board to the caller's cards (the board is loaded
 * whole, so it is filtered here), moves still placing a card among all the column's cards.
 */
export function BoardView({ content }: { content: Content }) {
  const { t } = useTranslation();
  const board = content.board!;
  const [change] = useChangeBoardMutation();
  const members = useProjectQuery(String(content.project_id)).data?.members ?? [];
  const me = Number(useMeQuery().data?.id);
  const [mine, setMine] = useState(false);
  const now = useNow({ every: 60_000 });
  const shown = (cards: Card[]) => (mine ? cards.filter((card) => card.assignee_ids.includes(me)) : cards);
  // the card being dragged: a ref, as the drop can come before a re-render
  const dragged = useRef<Card | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState('');

  const send = (request: BoardChange) => {
    setProblem(null);
    return change(request)
      .unwrap()
      .catch((error: unknown) => {
        setProblem(notificationFor(error, t('projects.board.failed')).text);
        throw error;
      });
  };
  const move = (card: Card, { columnId, position }: Drop) => {
    const column = board.columns.find((c) => c.id === columnId)!;
    void send({
      contentId: content.id,
      kind: 'moveCard',
      cardId: card.id,
      column_id: columnId,
      position,
      title: card.title,
    })
      .then(() =>
        setSaid(t('projects.board.moved', { title: card.title, column: column.name, place: position + 1 })),
      )
      .catch(() => undefined);
  };
  const onDrop = (event: DragEvent, drop: Drop) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(null);
    if (dragged.current) move(dragged.current, drop);
    dragged.current = null;
  };
  const allowDrop = (event: DragEvent, columnId: number) => {
    if (!dragged.current) return;
    event.preventDefault();
    setOver(columnId);
  };

  return (
    <section aria-label={t('projects.board.label', { name: content.name })}>
      <p className="muted small">{t('projects.board.live')}</p>
      <p className="row-actions">
        <button
          type="button"
          className={`button small ${mine ? styles.active : ''}`}
          aria-pressed={mine}
          onClick={() => setMine(!mine)}
        >
          {t('projects.board.mine')}
        </button>
      </p>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <WarningAlert>{problem}</WarningAlert>
      <div className={styles.board}>
        {board.columns.map((column) => (
          <section
            key={column.id}
            className={`${styles.column} ${over === column.id ? styles.dropTarget : ''}`}
            aria-label={t('projects.board.column', { name: column.name })}
            onDragOver={(event) => allowDrop(event, column.id)}
            onDragLeave={() => setOver(null)}
            onDrop={(event) => onDrop(event, { columnId: column.id, position: column.cards.length })}
            data-column={column.name}
          >
            <h4>
              <span>
                {column.name}{' '}
                <span className="muted small">
                  {t('projects.board.cards', { count: column.cards.length })}
                </span>
              </span>
              <ConfirmButton
                className="button small"
                label={t('projects.board.deleteColumn', { name: column.name })}
                question={t('projects.board.deleteColumn', { name: column.name })}
                action={t('projects.board.deleteColumn', { name: column.name })}
                onConfirm={() =>
                  void send({
                    contentId: content.id,
                    kind: 'deleteColumn',
                    columnId: column.id,
                    name: column.name,
                  }).catch(() => undefined)
                }
              >
                ×
              </ConfirmButton>
            </h4>
            {column.cards.length === 0 ? (
              <p className="muted small">{t('projects.board.noCards')}</p>
            ) : (
              shown(column.cards).length === 0 && (
                <p className="muted small">{t('projects.board.mineEmpty')}</p>
              )
            )}
            <ol className={`plain-list ${styles.cards}`}>
              {shown(column.cards).map((card, index, visible) => (
                <li
                  key={card.id}
                  className={styles.boardCard}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(card.id));
                    dragged.current = card;
                  }}
                  onDragEnd={() => {
                    dragged.current = null;
                  }}
                  onDragOver={(event) => allowDrop(event, column.id)}
                  onDrop={(event) =>
                    onDrop(event, { columnId: column.id, position: column.cards.indexOf(card) })
                  }
                  data-card={card.title}
                >
                  <div className={styles.cardTitle}>{card.title}</div>
                  <Assignees card={card} members={members} />
                  <Due card={card} now={now} />
                  <CardEditor
                    card={card}
                    members={members}
                    onSave={(edited) =>
                      send({ contentId: content.id, kind: 'editCard', cardId: card.id, ...edited })
                    }
                  />
                  <div className={styles.cardControls}>
                    <label className="sr-only" htmlFor={`move-${card.id}`}>
                      {t('projects.board.moveTo', { title: card.title })}
                    </label>
                    <select
                      id={`move-${card.id}`}
                      value={column.id}
                      onChange={(event) => {
                        const target = board.columns.find((c) => c.id === Number(event.target.value))!;
                        move(card, { columnId: target.id, position: target.cards.length });
                      }}
                    >
                      {board.columns.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.name}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('projects.board.up', { title: card.title })}
                      disabled={index === 0}
                      onClick={() =>
                        // before the card shown above it
                        move(card, {
                          columnId: column.id,
                          position: column.cards.indexOf(visible[index - 1]),
                        })
                      }
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('projects.board.down', { title: card.title })}
                      disabled={index === visible.length - 1}
                      onClick={() =>
                        // after the card shown below it (its place once this one is taken out)
                        move(card, {
                          columnId: column.id,
                          position: column.cards.indexOf(visible[index + 1]),
                        })
                      }
                    >
                      ↓
                    </button>
                    <ConfirmButton
                      className="icon-button"
                      label={t('projects.board.deleteCard', { title: card.title })}
                      question={t('projects.board.deleteCard', { title: card.title })}
                      action={t('projects.board.deleteCard', { title: card.title })}
                      onConfirm={() =>
                        void send({
                          contentId: content.id,
                          kind: 'deleteCard',
                          cardId: card.id,
                          title: card.title,
                        }).catch(() => undefined)
                      }
                    >
                      ×
                    </ConfirmButton>
                  </div>
                </li>
              ))}
            </ol>
            <NameForm
              id={`new-card-${column.id}`}
              label={t('projects.board.newCard', { column: column.name })}
              submit={t('projects.board.addCard')}
              failed={t('projects.board.failed')}
              onSubmit={(title) =>
                send({ contentId: content.id, kind: 'addCard', column_id: column.id, title })
              }
            />
          </section>
        ))}
        <div className={styles.column}>
          <NameForm
            id="new-column"
            label={t('projects.board.newColumn')}
            submit={t('projects.board.addColumn')}
            failed={t('projects.board.failed')}
            maxLength={100}
            onSubmit={(name) => send({ contentId: content.id, kind: 'addColumn', name })}
          />
        </div>
      </div>
    </section>
  );
}
