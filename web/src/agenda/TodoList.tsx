import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDates } from '../lib/dates';
import type { TodoItem } from './agendaApi';
import { itemLink } from './itemLinks';
import styles from './TodoList.module.css';

/** Statuses that ask for attention now (a badge in the warning colour). */
const URGENT = new Set<TodoItem['status']>(['change_requested', 'in_progress']);

/** Items of a to-do: what to do, in which course, by when (or waiting since when), and where it stands. */
export function TodoList({ items }: { items: TodoItem[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <ul className="plain-list" data-testid="todo-items">
      {items.map((item) => (
        <li key={item.id} className={`list-row ${styles.row}`}>
          <div className={styles.text}>
            <Link to={itemLink(item)} className={styles.name}>
              {t(`agenda.todoTypes.${item.todo_type}`, { name: item.name, count: item.count ?? 0 })}
            </Link>
            <span className="small muted">
              {item.course_code ? `${item.course_code} · ` : ''}
              {item.course_name}
            </span>
          </div>
          <div className={styles.when}>
            <span className={`badge ${URGENT.has(item.status) ? 'badge-warning' : 'badge-muted'}`}>
              {t(`agenda.statuses.${item.status}`)}
            </span>
            <span className="small muted">
              {item.due_at
                ? t('agenda.due', { when: dates.dateTime(item.due_at) })
                : item.since
                  ? t('agenda.since', { when: dates.dateTime(item.since) })
                  : t('agenda.noDue')}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
