import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TaskHeader } from './TaskHeader';

/** A task's download page for its staff. */
export default function TaskDownloadPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <TaskHeader id={id} title={t('task.staff.page.download')}>
      {() => null}
    </TaskHeader>
  );
}
