import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../layout/Icon';
import { SEARCH_DELAY_MS } from '../lib/useListParams';
import { HitContext } from './HitContext';
import { Marked, searchWords } from './Marked';
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, type SearchHit, useGlobalSearchQuery } from './searchApi';
import styles from './search.module.css';

/** Hits the dropdown shows; the full page has the rest. */
export const DROPDOWN_SIZE = 8;

/** The page of every result for a search. */
export const searchPagePath = (q: string) => `/search?${new URLSearchParams({ q }).toString()}`;

/** The dropdown's hits grouped by kind, the kind of the best hit first; each hit keeps its place in the options. */
function groupsOf(
  hits: SearchHit[],
): Array<{ kind: SearchHit['kind']; hits: Array<{ hit: SearchHit; index: number }> }> {
  const groups = new Map<SearchHit['kind'], Array<{ hit: SearchHit; index: number }>>();
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), { hit, index: 0 }]);
  let index = 0;
  return [...groups].map(([kind, members]) => ({
    kind,
    hits: members.map((member) => ({ ...member, index: index++ })),
  }));
}

/**
 * The search of the top bar (issue 21): a combobox whose listbox shows the best hits grouped by
 * kind while the user types (after a pause), arrows move through them, Enter opens the one chosen
 * — or the full results page (`/search?q=`), also the listbox's last option. On a phone it is an
 * icon that opens the field over the top bar.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const ready = search.length >= MIN_SEARCH_LENGTH;
  const results = useGlobalSearchQuery({ q: search, limit: DROPDOWN_SIZE, offset: 0 }, { skip: !ready });
  const hits = ready && !results.isError ? (results.data?.items ?? []) : [];
  const groups = groupsOf(hits);
  const ordered = groups.flatMap((group) => group.hits.map(({ hit }) => hit));
  // the options: the hits in the order shown, then "all results"
  const allIndex = ordered.length;
  const shown = open && typed.trim().length >= MIN_SEARCH_LENGTH;
  const optionId = (index: number) => `${id}-option-${index}`;
  const words = searchWords(search);

  const reset = () => {
    setOpen(false);
    setActive(-1);
    setTyped('');
    setExpanded(false);
  };
  // the phone's field closes: the focus goes back to the icon that opened it, not lost with the field
  const collapse = () => {
    setExpanded(false);
    toggle.current?.focus();
  };
  const choose = (index: number) => {
    const target = index < ordered.length ? ordered[index].link : searchPagePath(typed.trim());
    reset();
    void navigate(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => Math.min(current + 1, allIndex));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => Math.max(current - 1, -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (typed.trim().length < MIN_SEARCH_LENGTH) return;
      choose(shown && active >= 0 ? active : allIndex);
    } else if (event.key === 'Escape') {
      if (shown) {
        setOpen(false);
        setActive(-1);
      } else if (expanded) collapse();
      else setTyped('');
    }
  };

  let status: string | null = null;
  if (ready && results.isError) status = t('search.failed');
  else if (!ready || results.isFetching) status = t('search.searching');
  else if (hits.length === 0) status = t('search.noMatch', { q: search });

  return (
    <div className={styles.topbarSearch}>
      <button
        ref={toggle}
        type="button"
        className={`icon-button ${styles.phoneToggle}`}
        aria-label={t('search.open')}
        title={t('search.open')}
        aria-expanded={expanded}
        onClick={() => {
          setExpanded(true);
          setTimeout(() => field.current?.focus());
        }}
      >
        <Icon name="search" />
      </button>
      <div className={`${styles.box} ${expanded ? styles.expanded : ''}`} role="search">
        <Icon name="search" className={styles.boxIcon} />
        <input
          ref={field}
          type="text"
          role="combobox"
          className={styles.field}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={`icon-button small ${styles.phoneClose}`}
          aria-label={t('search.close')}
          title={t('search.close')}
          onClick={() => {
            reset();
            collapse();
          }}
        >
          <Icon name="close" />
        </button>
        {shown && (
          <div className={styles.popup}>
            {status && (
              <p className={styles.status} role="status">
                {status}
              </p>
            )}
            <div role="listbox" id={`${id}-listbox`} aria-label={t('search.results')}>
              {groups.map((group) => (
                <div key={group.kind} role="group" aria-label={t(`search.groups.${group.kind}`)}>
                  <div className={styles.groupTitle} aria-hidden="true">
                    {t(`search.groups.${group.kind}`)}
                  </div>
                  {group.hits.map(({ hit, index }) => (
                    <div
                      key={hit.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className={styles.option}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(index)}
                    >
                      <span className={styles.optionTitle}>
                        <Marked text={hit.title} words={words} />
                      </span>
                      <HitContext hit={hit} className="small muted" />
                    </div>
                  ))}
                </div>
              ))}
              <div
                id={optionId(allIndex)}
                role="option"
                aria-selected={active === allIndex}
                className={`${styles.option} ${styles.allOption}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(allIndex)}
              >
                {t('search.seeAll', { q: typed.trim() })}
              </div>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
