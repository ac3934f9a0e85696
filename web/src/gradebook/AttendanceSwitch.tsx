import { useTranslation } from 'react-i18next';
import { useGradebookSettingsMutation } from './gradebookApi';
import { SettingSwitch } from './SettingSwitch';

/**
 * Whether the course counts attendance (`gradebook_presence`): on, the grid has an Attendance
 * column (each student's percentage of the sent presence sessions they attended), weighted below
 * like any other; off by default.
 */
export function AttendanceSwitch({ courseId, counted }: { courseId: string; counted: boolean }) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useGradebookSettingsMutation();
  return (
    <SettingSwitch
      label={t('gradebook.attendance.switch')}
      help={t(counted ? 'gradebook.attendance.on' : 'gradebook.attendance.off')}
      checked={counted}
      saving={isLoading}
      save={(on) => save({ courseId, settings: { gradebook_presence: on } }).unwrap()}
      failed={t('gradebook.attendance.failed')}
    />
  );
}
