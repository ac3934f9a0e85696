import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { Pagination } from '../layout/Pagination';
import { QueryState } from '../layout/QueryState';
import { useListParams } from '../lib/useListParams';
import { HitContext } from './HitContext';
import { Marked, searchWords } from './Marked';
import {
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  SEARCH_KINDS,
  type SearchKind,
  useGlobalSearchQuery,
} from './searchApi';
import styles from './search.module.css';

/** Hits a page of the results shows. */
export const SEARCH_PAGE_SIZE = 20;

const isKind = (value: string | null): value is SearchKind =>
  value !== null && (SEARCH_KINDS as readonly string[]).includes(value);

/**
 * `/search?q=`: every result of the global search (issue 21), the best first, with kind chips
 * (`kind=`), pages (`page=`), the words found marked in each title and snippet.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const { params, search, page, typed, setTyped, update, goTo } = useListParams();
  const chosen = params.get('kind');
  const kind = isKind(chosen) ? chosen : undefined;
  const ready = search.length >= MIN_SEARCH_LENGTH;
  const results = useGlobalSearchQuery(
    { q: search, kind, limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE },
    { skip: !ready },
  );
  const words = searchWords(search);
  return (
    <section aria-labelledby="search-title">
      <header className="page-header">
        <div>
          <h1 id="search-title">{t('routes.search')}</h1>
          <p className="muted">{t('search.subtitle')}</p>
        </div>
      </header>
      <form
        role="search"
        className={`field ${styles.pageField}`}
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="search-page-field">{t('search.label')}</label>
        <input
          id="search-page-field"
          type="search"
          value={typed}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t('search.placeholder')}
          aria-describedby="search-page-hint"
          onChange={(event) => setTyped(event.target.value)}
        />
        <p id="search-page-hint" className="muted small">
          {t('search.syntax')}
        </p>
      </form>
      <div className={styles.chips} role="group" aria-label={t('search.filter')}>
        {[undefined, ...SEARCH_KINDS].map((each) => (
          <button
            key={each ?? 'all'}
            type="button"
            className={`button small ${styles.chip}`}
            aria-pressed={each === kind}
            onClick={() => update({ kind: each ?? null })}
          >
            {each ? t(`search.groups.${each}`) : t('search.all')}
          </button>
        ))}
      </div>
      {!ready ? (
        <p className="muted empty-state">{t('search.tooShort', { count: MIN_SEARCH_LENGTH })}</p>
      ) : (
        <QueryState
          query={results}
          loading={t('search.searching')}
          failed={t('search.failed')}
          empty={results.data?.items.length === 0 ? t('search.noMatch', { q: search }) : null}
        >
          {() => (
            <>
              <p className="small muted" role="status">
                {t('search.total', { total: results.data!.total })}
              </p>
              <div className="card card-body">
                <ul className="plain-list" aria-busy={results.isFetching} data-testid="search-results">
                  {results.data!.items.map((hit) => (
                    <li key={hit.id} className={`list-row ${styles.result}`}>
                      <Link to={hit.link} className={styles.resultTitle}>
                        <Marked text={hit.title} words={words} />
                      </Link>
                      <HitContext hit={hit} className="small muted" />
                      {hit.snippet && (
                        <p className={styles.snippet}>
                          <Marked text={hit.snippet} words={words} />
                        </p>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
              <Pagination
                page={page}
                pages={pageCount(results.data!.total, SEARCH_PAGE_SIZE)}
                onPage={goTo}
              />
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
