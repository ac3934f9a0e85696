import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TaskHeader } from './TaskHeader';

/** `/assignment/new` and `/assignment/{id}/edit`: the task editor. */
export default function TaskEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!id) {
    return (
      <header className="page-header">
        <h1>{t('routes.assignmentNew')}</h1>
      </header>
    );
  }
  return (
    <TaskHeader id={id} title={t('task.staff.page.edit')}>
      {() => null}
    </TaskHeader>
  );
}
