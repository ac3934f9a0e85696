import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useLazyScoresWorkbookQuery } from '../api';
import type { Task } from '../taskTypes';
import { TaskHeader } from './TaskHeader';
import styles from './staff.module.css';

/**
 * `/assignment/{id}/download` (staff): the scores workbook (.xlsx, one row per student; members'
 * scores for a group task) of this task, or of every task of its course, one column per task.
 */
export default function TaskDownloadPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <TaskHeader id={id} title={t('task.staff.page.download')}>
      {(task) => (
        <div className={styles.exports}>
          <WorkbookCard
            task={task}
            scope="task"
            title={t('task.staff.download.task')}
            help={t('task.staff.download.taskHelp')}
          />
          <WorkbookCard
            task={task}
            scope="course"
            title={t('task.staff.download.course')}
            help={t('task.staff.download.courseHelp')}
          />
        </div>
      )}
    </TaskHeader>
  );
}

/** Saves a blob under a name, through a link clicked for the user. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name from a task's name: letters, digits and dashes. */
export const fileNameOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'scores';

function WorkbookCard({
  task,
  scope,
  title,
  help,
}: {
  task: Task;
  scope: 'task' | 'course';
  title: string;
  help: string;
}) {
  const { t } = useTranslation();
  const [read, state] = useLazyScoresWorkbookQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const download = () => {
    setFailure(null);
    read({ courseId: task.course_id, ...(scope === 'task' ? { taskId: task.id } : {}) })
      .unwrap()
      .then((blob) =>
        saveBlob(
          blob,
          scope === 'task'
            ? `${fileNameOf(task.name)}-scores.xlsx`
            : `course-${task.course_id}-task-scores.xlsx`,
        ),
      )
      .catch((error: unknown) => setFailure(notificationFor(error, t('task.staff.download.failed')).text));
  };
  return (
    <section className="card card-body" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <p className="muted small">{help}</p>
      <p className="row-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={state.isFetching}
          onClick={download}
        >
          {state.isFetching ? t('task.staff.download.working') : t('task.staff.download.xlsx')}
        </button>
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
