import { useTranslation } from 'react-i18next';
import type { AgendaItem } from './agendaApi';
import styles from './AgendaTypes.module.css';

export type AgendaType = AgendaItem['item_type'];
export const AGENDA_TYPES: readonly AgendaType[] = ['exam', 'task', 'module', 'activity', 'form'];

/** An item's type as its colour (named in the legend and in the item's text beside it). */
export function TypeMark({ type }: { type: AgendaType }) {
  return <span className={`${styles.mark} ${styles[type]}`} aria-hidden="true" />;
}

/** What each colour of the agenda means. */
export function TypeLegend() {
  const { t } = useTranslation();
  return (
    <ul className={styles.legend} aria-label={t('agenda.legend')}>
      {AGENDA_TYPES.map((type) => (
        <li key={type}>
          <TypeMark type={type} />
          {t(`agenda.types.${type}`)}
        </li>
      ))}
    </ul>
  );
}
