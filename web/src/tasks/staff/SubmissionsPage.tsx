import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TaskHeader } from './TaskHeader';

/** A task's submissions page for its staff. */
export default function SubmissionsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <TaskHeader id={id} title={t('task.staff.page.submissions')}>
      {() => null}
    </TaskHeader>
  );
}
