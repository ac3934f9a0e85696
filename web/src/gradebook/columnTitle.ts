import { useTranslation } from 'react-i18next';
import type { GradebookColumn } from './gradebookTypes';

/**
 * A column's title in the interface language: the attendance column (`presences`) is named by the
 * client; every other gradeable by its own title (an exam's, a task's, an activity's).
 */
export function useColumnTitle(): (column: GradebookColumn) => string {
  const { t } = useTranslation();
  return (column) =>
    column.gradeable_type === 'presences' ? t('gradebook.attendance.column') : column.title;
}
