import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { Pagination } from '../layout/Pagination';
import { useDates } from '../lib/dates';
import { useListParams } from '../lib/useListParams';
import { QueryState } from '../layout/QueryState';
import { SPACE_PAGE_SIZE, useMyBookmarksQuery, useRemoveBookmarkMutation } from './spaceApi';
import styles from './space.module.css';

/** `/bookmark`: what the user bookmarked and may still see, newest first, with a way back to each. */
export default function BookmarksPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { page, goTo } = useListParams();
  const bookmarks = useMyBookmarksQuery({ page });
  const [remove, removing] = useRemoveBookmarkMutation();
  return (
    <section aria-labelledby="bookmarks-title">
      <header className="page-header">
        <div>
          <h1 id="bookmarks-title">{t('routes.bookmarks')}</h1>
          <p className="muted">{t('space.bookmarks.subtitle')}</p>
        </div>
      </header>
      <QueryState
        query={bookmarks}
        loading={t('space.bookmarks.loading')}
        failed={t('space.bookmarks.failed')}
        empty={bookmarks.data?.items.length === 0 ? t('space.bookmarks.empty') : null}
      >
        {() => (
          <>
            <div className="card card-body">
              <ul className="plain-list" aria-busy={bookmarks.isFetching}>
                {bookmarks.data!.items.map((bookmark) => (
                  <li key={bookmark.id} className={`list-row ${styles.row}`}>
                    <div className={styles.text}>
                      <Link to={bookmark.link} className={styles.title}>
                        {bookmark.title}
                      </Link>
                      <span className="small muted">
                        {bookmark.course_code ? `${bookmark.course_code} · ` : ''}
                        {bookmark.course_name}
                      </span>
                    </div>
                    <div className={styles.side}>
                      <span className="badge badge-muted">{t(`space.kinds.${bookmark.kind}`)}</span>
                      <span className="small muted">
                        {t('space.bookmarks.since', { when: dates.date(bookmark.created_at) })}
                      </span>
                      <button
                        type="button"
                        className="button small"
                        disabled={removing.isLoading}
                        aria-label={t('space.bookmarks.removeNamed', { title: bookmark.title })}
                        onClick={() =>
                          void remove({ id: bookmark.id, title: bookmark.title })
                            .unwrap()
                            .catch(() => {})
                        }
                      >
                        {t('space.bookmarks.remove')}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
            <Pagination page={page} pages={pageCount(bookmarks.data!.total, SPACE_PAGE_SIZE)} onPage={goTo} />
          </>
        )}
      </QueryState>
    </section>
  );
}
