import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useDates } from '../lib/dates';
import { useNow } from '../lib/serverClock';
import { type AgendaItem, useAgendaQuery } from './agendaApi';
import { TypeLegend, TypeMark } from './AgendaTypes';
import {
  addDays,
  addMonths,
  dayOfClock,
  dayOfWire,
  isDay,
  monthOf,
  monthWeeks,
  sameDayIn,
  weekdayOf,
} from './calendar';
import { itemLink } from './itemLinks';
import styles from './AgendaPage.module.css';

/** How many items a day's cell names before "+n more" (the day's list below names them all). */
const SHOWN_PER_DAY = 3;

/**
 * The agenda (spec 03 §2, §7): a month of the campus's calendar with what opens and closes in the
 * caller's courses each day. The grid is one tab stop: the arrow keys move by day and week, Home
 * and End to the week's ends, Page Up and Page Down by month; the chosen day's items are listed
 * below it (at phone width the grid shows only coloured marks and this list names them). The
 * chosen day is in the address (`?day=`), so a reload or a shared link opens it. A failed fetch
 * shows an empty month (spec 03 §8: agenda errors are swallowed).
 */
export default function AgendaPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const today = dayOfClock(useNow({ every: 60_000 }));
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const day = isDay(asked) ? asked : today;
  const month = monthOf(day);
  const agenda = useAgendaQuery({ month });
  const items = useMemo(() => (agenda.isError ? [] : (agenda.data ?? [])), [agenda.isError, agenda.data]);
  const byDay = useMemo(() => {
    const map = new Map<string, AgendaItem[]>();
    for (const item of items) {
      const key = dayOfWire(item.at);
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [items]);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const weekdays = useMemo(() => dates.weekdays(), [dates]);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  const choose = (next: string, focus = false) => {
    moved.current = focus;
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('day', next);
        return copy;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  }, [day]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const step: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekdayOf(day)),
      End: () => addDays(day, 6 - weekdayOf(day)),
      PageUp: () => sameDayIn(day, addMonths(month, -1)),
      PageDown: () => sameDayIn(day, addMonths(month, 1)),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    choose(next(), true);
  };

  const chosen = byDay.get(day) ?? [];
  const title = dates.month(`${month}-01`);
  return (
    <section aria-labelledby="agenda-title" className={styles.page}>
      <header className="page-header">
        <div>
          <h1 id="agenda-title">{t('routes.agenda')}</h1>
          <p className="muted">{t('agenda.subtitle')}</p>
        </div>
      </header>

      <div className={`card ${styles.calendar}`}>
        <div className={styles.toolbar}>
          <h2 id="agenda-month" className={styles.month} aria-live="polite">
            {title}
          </h2>
          <div className={styles.navigation}>
            <button
              type="button"
              className="button small"
              onClick={() => choose(sameDayIn(day, addMonths(month, -1)))}
            >
              <span aria-hidden="true">‹ </span>
              {t('agenda.previousMonth')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => choose(today)}
              disabled={day === today}
            >
              {t('agenda.today')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => choose(sameDayIn(day, addMonths(month, 1)))}
            >
              {t('agenda.nextMonth')}
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
        </div>
        <TypeLegend />
        <table
          ref={grid}
          role="grid"
          aria-labelledby="agenda-month"
          aria-describedby="agenda-keys"
          aria-busy={agenda.isFetching}
          className={styles.grid}
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr>
              {weekdays.map((weekday) => (
                <th key={weekday.long} scope="col" abbr={weekday.long}>
                  {weekday.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((cell) => {
                  const dayItems = byDay.get(cell) ?? [];
                  const outside = monthOf(cell) !== month;
                  return (
                    <td
                      key={cell}
                      role="gridcell"
                      data-day={cell}
                      tabIndex={cell === day ? 0 : -1}
                      aria-selected={cell === day}
                      aria-current={cell === today ? 'date' : undefined}
                      className={[
                        styles.cell,
                        outside ? styles.outside : '',
                        cell === today ? styles.today : '',
                        cell === day ? styles.selected : '',
                      ].join(' ')}
                      onClick={() => choose(cell, true)}
                    >
                      <span className="sr-only">
                        {dates.longDay(cell)}
                        {cell === today ? `, ${t('agenda.today')}` : ''}
                        {dayItems.length > 0 ? `: ${t('agenda.itemCount', { count: dayItems.length })}` : ''}
                      </span>
                      <span className={styles.dayNumber} aria-hidden="true">
                        {Number(cell.slice(8, 10))}
                      </span>
                      <ul className={styles.cellItems}>
                        {dayItems.slice(0, SHOWN_PER_DAY).map((item) => (
                          <li key={item.id} className={styles.cellItem}>
                            <TypeMark type={item.item_type} />
                            <span className={styles.cellName}>{item.name}</span>
                          </li>
                        ))}
                        {dayItems.length > SHOWN_PER_DAY && (
                          <li className={`${styles.more} small muted`}>
                            {t('agenda.more', { count: dayItems.length - SHOWN_PER_DAY })}
                          </li>
                        )}
                      </ul>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p id="agenda-keys" className="sr-only">
          {t('agenda.keys')}
        </p>
      </div>

      <section aria-labelledby="agenda-day" className={styles.dayList}>
        <h2 id="agenda-day" className="section-title">
          {dates.longDay(day)}
        </h2>
        {agenda.isLoading ? (
          <p className="muted">{t('agenda.loading')}</p>
        ) : chosen.length === 0 ? (
          <p className="empty-state compact muted">{t('agenda.emptyDay')}</p>
        ) : (
          <ul className="plain-list" data-testid="agenda-day-items">
            {chosen.map((item) => (
              <li key={item.id} className={`list-row ${styles.row}`}>
                <TypeMark type={item.item_type} />
                <div className={styles.rowText}>
                  <Link to={itemLink(item)}>{item.name}</Link>
                  <span className="small muted">
                    {t(`agenda.types.${item.item_type}`)} · {t(`agenda.events.${item.event}`)}{' '}
                    {dates.time(item.at)} · {item.course_code ? `${item.course_code} ` : ''}
                    {item.course_name}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {!agenda.isLoading && items.length === 0 && (
          <p className="muted small">{t('agenda.emptyMonth', { month: title })}</p>
        )}
      </section>
    </section>
  );
}
