import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { Pagination } from '../layout/Pagination';
import { useDates } from '../lib/dates';
import { useListParams } from '../lib/useListParams';
import { QueryState } from '../layout/QueryState';
import { SPACE_PAGE_SIZE, useMyNotesQuery } from './spaceApi';
import styles from './space.module.css';

/**
 * `/notes`: the user's private notes on contents, the latest changed first, each with a link back
 * to its content; the search box finds notes by their words (`"a phrase"`, `-word` too).
 */
export default function NotesPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { page, goTo, search, typed, setTyped } = useListParams();
  const notes = useMyNotesQuery({ page, search });
  return (
    <section aria-labelledby="notes-title">
      <header className="page-header">
        <div>
          <h1 id="notes-title">{t('routes.notes')}</h1>
          <p className="muted">{t('space.notes.subtitle')}</p>
        </div>
      </header>
      <form role="search" className={`field ${styles.search}`} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="notes-search">{t('space.notes.search')}</label>
        <input
          id="notes-search"
          type="search"
          value={typed}
          maxLength={200}
          placeholder={t('space.notes.searchHint')}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
      <QueryState
        query={notes}
        loading={t('space.notes.loading')}
        failed={t('space.notes.failed')}
        empty={
          notes.data?.items.length === 0
            ? search
              ? t('space.notes.noMatch', { search })
              : t('space.notes.empty')
            : null
        }
      >
        {() => (
          <>
            <div className="card card-body">
              <ul className="plain-list" aria-busy={notes.isFetching} data-testid="notes">
                {notes.data!.items.map((note) => (
                  <li key={note.id} className={`list-row ${styles.row}`}>
                    <div className={styles.text}>
                      <Link to={note.link} className={styles.title}>
                        {note.content_name}
                      </Link>
                      <span className="small muted">
                        {note.course_code ? `${note.course_code} · ` : ''}
                        {note.course_name}
                      </span>
                      <p className={styles.excerpt}>{note.excerpt}</p>
                    </div>
                    <span className="small muted">
                      {t('space.notes.changed', { when: dates.dateTime(note.updated_at) })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <Pagination page={page} pages={pageCount(notes.data!.total, SPACE_PAGE_SIZE)} onPage={goTo} />
          </>
        )}
      </QueryState>
    </section>
  );
}
