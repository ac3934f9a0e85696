import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { useTodoQuery } from './agendaApi';
import { TodoList } from './TodoList';

const PAGE_SIZE = 10;

/**
 * The to-do (spec 02 §7): what the signed-in user must do next across their courses, most urgent
 * first, ten at a time (`?page=`). A failed fetch shows the empty list (spec 02 §8: swallowed).
 */
export default function TodoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const todo = useTodoQuery({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const items = todo.isError ? [] : (todo.data?.items ?? []);
  const pages = pageCount(todo.isError ? 0 : (todo.data?.total ?? 0), PAGE_SIZE);
  const go = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  return (
    <section aria-labelledby="todo-title">
      <header className="page-header">
        <div>
          <h1 id="todo-title">{t('routes.todo')}</h1>
          <p className="muted">{t('agenda.todoSubtitle')}</p>
        </div>
      </header>
      {todo.isLoading ? (
        <p className="muted" role="status">
          {t('agenda.loading')}
        </p>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p className="lead">{t('agenda.todoEmpty')}</p>
          <p className="muted small">{t('agenda.todoEmptyHint')}</p>
        </div>
      ) : (
        <div className="card card-body" aria-busy={todo.isFetching}>
          <TodoList items={items} />
        </div>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label={t('agenda.pages')}>
          <button type="button" className="button small" disabled={page <= 1} onClick={() => go(page - 1)}>
            {t('agenda.previousPage')}
          </button>
          <span className="small">{t('agenda.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="button small"
            disabled={page >= pages}
            onClick={() => go(page + 1)}
          >
            {t('agenda.nextPage')}
          </button>
        </nav>
      )}
    </section>
  );
}
