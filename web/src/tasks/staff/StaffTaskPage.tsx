import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TaskHeader } from './TaskHeader';

/** A task's detail page for its staff. */
export default function StaffTaskPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <TaskHeader id={id} title={t('task.staff.page.detail')}>
      {() => null}
    </TaskHeader>
  );
}
