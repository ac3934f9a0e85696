import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatSize } from '../../courses/content/media';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import {
  useLazyScoresWorkbookQuery,
  useLazyTaskExportQuery,
  useRequestTaskExportMutation,
  useTaskExportQuery,
} from '../api';
import type { Task, TaskExport } from '../taskTypes';
import { TaskHeader } from './TaskHeader';
import styles from './staff.module.css';

/**
 * `/assignment/{id}/download` (staff): the answers of this task as a zip (made by the server in
 * the background, its progress shown until it is ready), and the scores workbook (.xlsx, one row
 * per student; members' scores for a group task) of this task, or of every task of its course.
 */
export default function TaskDownloadPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <TaskHeader id={id} title={t('task.staff.page.download')}>
      {(task) => (
        <div className={styles.exports}>
          <AnswersZipCard task={task} />
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

/** Follows a download link for the user (a link clicked; `name` for a blob of this page). */
function followLink(url: string, name?: string) {
  const link = document.createElement('a');
  link.href = url;
  if (name) link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob under a name, through a link clicked for the user. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  followLink(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** How often the card asks how an export it waits for is getting on. */
export const EXPORT_POLL_MS = 2000;

const underway = (made: TaskExport | null | undefined) =>
  made?.status === 'queued' || made?.status === 'running';

/**
 * The answers as a zip: asked for here, made by the server in the background (the card polls
 * while it is queued or running), then downloaded through a fresh short-lived link.
 */
function AnswersZipCard({ task }: { task: Task }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [polling, setPolling] = useState(false);
  const current = useTaskExportQuery(task.id, { pollingInterval: polling ? EXPORT_POLL_MS : 0 });
  const made = current.data;
  const waiting = underway(made);
  if (waiting !== polling) setPolling(waiting);
  const [request, requesting] = useRequestTaskExportMutation();
  const [fresh, refreshing] = useLazyTaskExportQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('task.staff.download.answers');

  const make = () => {
    setFailure(null);
    request(task.id)
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error, t('task.staff.download.zipFailed')).text));
  };
  const download = () => {
    setFailure(null);
    fresh(task.id)
      .unwrap()
      .then((latest) => {
        if (latest?.download_url) followLink(latest.download_url);
        else setFailure(t('task.staff.download.zipGone'));
      })
      .catch((error: unknown) => setFailure(notificationFor(error, t('task.staff.download.zipGone')).text));
  };

  return (
    <section className="card card-body" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <p className="muted small">{t('task.staff.download.answersHelp')}</p>
      {current.isLoading ? (
        <p className="muted small">{t('common.loading')}</p>
      ) : current.isError ? (
        <WarningAlert>{notificationFor(current.error, t('task.staff.download.zipFailed')).text}</WarningAlert>
      ) : (
        <div className={styles.exportState} role="status" aria-live="polite">
          {made === null || made === undefined ? (
            <p className="muted small">{t('task.staff.download.zipNone')}</p>
          ) : waiting ? (
            <>
              <p className="small">
                <span className="badge">{t(`task.staff.download.status.${made.status}`)}</span>
              </p>
              <progress aria-label={t(`task.staff.download.status.${made.status}`)} />
            </>
          ) : made.status === 'ready' ? (
            <p className="small">
              <span className="badge">{t('task.staff.download.status.ready')}</span>
              {t('task.staff.download.zipReady', {
                count: made.answer_count ?? 0,
                size: formatSize(made.size ?? 0),
                when: dates.dateTime(made.finished_at) ?? '',
              })}
            </p>
          ) : (
            <WarningAlert>
              {t('task.staff.download.status.failed')}: {made.error ?? t('task.staff.download.zipFailed')}
            </WarningAlert>
          )}
        </div>
      )}
      <p className={styles.exportActions}>
        {made?.status === 'ready' && (
          <button
            type="button"
            className="button button-primary"
            disabled={refreshing.isFetching}
            onClick={download}
          >
            {t('task.staff.download.zip')}
          </button>
        )}
        <button
          type="button"
          className={made?.status === 'ready' ? 'button' : 'button button-primary'}
          disabled={waiting || requesting.isLoading || current.isLoading}
          onClick={make}
        >
          {made ? t('task.staff.download.zipAgain') : t('task.staff.download.zipMake')}
        </button>
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
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
