import { useId } from 'react';
import type { useListParams } from '../lib/useListParams';
import styles from './RosterFilters.module.css';

/** The texts of the filters, in the page's own terms. */
export interface RosterFilterTexts {
  filters: string;
  class: string;
  allClasses: string;
  search: string;
  searchPlaceholder: string;
}

/**
 * The class and student-name filters of a page listing a course's students (the gradebook, the
 * completion report), kept in the URL by `useListParams` (`?class=`, the typed name).
 */
export function RosterFilters({
  texts,
  classes,
  classId,
  list,
}: {
  texts: RosterFilterTexts;
  classes: ReadonlyArray<{ id: string | number; name: string }>;
  classId: string;
  list: ReturnType<typeof useListParams>;
}) {
  const searchId = useId();
  const classFieldId = useId();
  return (
    <div className={styles.filters} role="search" aria-label={texts.filters}>
      <div className="field">
        <label htmlFor={classFieldId}>{texts.class}</label>
        <select
          id={classFieldId}
          value={classId}
          onChange={(event) => list.update({ class: event.target.value || null })}
        >
          <option value="">{texts.allClasses}</option>
          {classes.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={searchId}>{texts.search}</label>
        <input
          id={searchId}
          type="search"
          value={list.typed}
          placeholder={texts.searchPlaceholder}
          onChange={(event) => list.setTyped(event.target.value)}
        />
      </div>
    </div>
  );
}
