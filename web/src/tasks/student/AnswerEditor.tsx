import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { RichText } from '../../lib/richtext/RichText';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { notificationFor } from '../../notifications/notification';
import { useAppDispatch } from '../../app/hooks';
import { AnswerFiles } from './AnswerFiles';
import { FileList } from './FileList';
import { readDraft, startingText, type DraftScope } from './draft';
import { errorCode, statusOf } from './errors';
import { answerTags, studentApi, useSaveDraftMutation, useSendAnswerMutation } from './studentApi';
import type { StoredFile, Task, TaskAnswer } from '../taskTypes';
import { mayEdit, windowState } from './taskState';
import { useAutosave } from './useAutosave';
import { useClockOffset, useNow } from '../../lib/serverClock';
import styles from './student.module.css';

/**
 * The answer a student writes — their own, or their group's (`groupId`, any member): the text in
 * the rich-text editor, saved as a draft as they type, files added with progress or removed, and
 * the send after a confirmation. Once sent it is read-only until the lecturer asks for changes.
 */
export function AnswerEditor({
  task,
  answer,
  groupId,
}: {
  task: Task;
  answer: TaskAnswer | null;
  groupId?: string;
}) {
  const scope = useMemo<DraftScope>(() => ({ taskId: task.id, groupId }), [task.id, groupId]);
  const now = useNow({ until: task.end_at });
  if (!mayEdit(task, answer, now)) return <SentAnswer task={task} answer={answer} now={now} />;
  // Mounted afresh when the answer becomes editable again (a change request): it starts from the
  // server's text then, and keeps its own state while the student types (the first save gives the
  // answer its id without starting over).
  return <Editing task={task} answer={answer} scope={scope} late={windowState(task, now) === 'late'} />;
}

function Editing({
  task,
  answer,
  scope,
  late,
}: {
  task: Task;
  answer: TaskAnswer | null;
  scope: DraftScope;
  late: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const dispatch = useAppDispatch();
  const offset = useClockOffset() ?? 0;
  const [start] = useState(() => startingText(answer, readDraft(scope), offset));
  // The files as the service holds them (another member of a group may add some meanwhile).
  const files = answer?.files ?? [];
  const [saveDraft] = useSaveDraftMutation();
  const [sendAnswer, sending] = useSendAnswerMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const args = (text: string) => ({ taskId: task.id, groupId: scope.groupId, answer: text });
  const reread = () =>
    dispatch(studentApi.util.invalidateTags(answerTags(task.id, scope.groupId, answer?.id)));

  // A draft save sends the text alone: the files stay as they are. Sent meanwhile (by another
  // member of the group): the answer is read again, and shows as sent.
  const save = (text: string) =>
    saveDraft(args(text))
      .unwrap()
      .catch((error: unknown) => {
        if (statusOf(error) === 409) reread();
        throw error;
      });
  const autosave = useAutosave({ scope, initial: start.text, unsaved: start.unsaved, save });

  const removeFile = (file: StoredFile) => {
    const kept = files.filter((item) => item.key !== file.key).map((item) => item.key);
    setFailure(null);
    saveDraft({ ...args(autosave.text()), files: kept })
      .unwrap()
      .then((saved) => autosave.acknowledge(saved.answer ?? ''))
      .catch((error: unknown) =>
        setFailure(notificationFor(error, t('task.student.files.removeFailed')).text),
      );
  };

  const send = async () => {
    setFailure(null);
    if (!(await autosave.flush())) {
      setFailure(t('task.student.answer.saveFailed'));
      return;
    }
    const text = autosave.text();
    if (task.file_required && files.length === 0) {
      setFailure(t('task.student.answer.fileRequired'));
      return;
    }
    sendAnswer(args(text))
      .unwrap()
      .then((sent) => autosave.acknowledge(sent.answer ?? ''))
      .catch((error: unknown) => {
        const code = errorCode(error);
        if (code === 'file_required') setFailure(t('task.student.answer.fileRequired'));
        else if (code === 'closed' || statusOf(error) === 403) setFailure(t('task.student.answer.closed'));
        else if (code === 'already_sent' || statusOf(error) === 409) {
          setFailure(t('task.student.answer.alreadySent'));
          reread();
        } else setFailure(notificationFor(error, t('task.student.answer.sendFailed')).text);
      });
  };

  const status =
    autosave.status === 'saving'
      ? t('task.student.answer.saving')
      : autosave.status === 'pending'
        ? t('task.student.answer.unsaved')
        : autosave.status === 'failed'
          ? t('task.student.answer.saveFailed')
          : autosave.savedAt
            ? t('task.student.answer.savedAt', { time: dates.dateTime(autosave.savedAt) })
            : answer
              ? t('task.student.answer.savedAt', { time: dates.dateTime(answer.updated_at) })
              : t('task.student.answer.notSaved');

  return (
    <div className={styles.answer}>
      {answer?.comment && !answer.is_sent && <ChangeRequest comment={answer.comment} />}
      <RichTextEditor
        id="task-answer"
        label={t('task.student.answer.label')}
        value={start.text}
        onChange={autosave.change}
      />
      <p className={styles.saveStatus} role="status" data-testid="autosave-status">
        {status}
        {autosave.status === 'failed' && (
          <button type="button" className="button small" onClick={() => void autosave.flush()}>
            {t('common.tryAgain')}
          </button>
        )}
      </p>
      <h3 className="section-title">{t('task.student.files.answerFiles')}</h3>
      {files.length === 0 && (
        <p className="muted small">
          {task.file_required ? t('task.student.files.required') : t('task.student.files.none')}
        </p>
      )}
      <FileList
        files={files}
        base={answer ? `course/task/answers/${encodeURIComponent(answer.id)}/files` : ''}
        onRemove={removeFile}
        label={t('task.student.files.answerFiles')}
        // notes exist only on an answer the lecturer has seen: one sent at least once
        annotationsOf={answer?.sent_at ? answer.id : undefined}
      />
      <AnswerFiles
        taskId={task.id}
        text={autosave.text}
        onUploaded={(saved, text) => {
          autosave.acknowledge(text);
          dispatch(studentApi.util.invalidateTags(answerTags(task.id, scope.groupId, saved.id)));
        }}
      />
      {late && <p className="alert alert-warning">{t('task.student.answer.lateWarning')}</p>}
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <ConfirmButton
          className="button button-primary"
          disabled={sending.isLoading}
          question={t('task.student.answer.sendQuestion', { name: task.name })}
          details={late ? t('task.student.answer.sendDetailsLate') : t('task.student.answer.sendDetails')}
          action={t('task.student.answer.send')}
          tone="primary"
          onConfirm={() => void send()}
        >
          {sending.isLoading ? t('task.student.answer.sending') : t('task.student.answer.send')}
        </ConfirmButton>
      </p>
    </div>
  );
}

/** The lecturer's words when they sent the answer back. */
export function ChangeRequest({ comment }: { comment: string }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" data-testid="change-request">
      <strong>{t('task.student.answer.changeRequested')}</strong>
      <p className={styles.comment}>{comment}</p>
    </div>
  );
}

/** A sent answer (or none, once the task closed), read-only. */
function SentAnswer({ task, answer, now }: { task: Task; answer: TaskAnswer | null; now: number }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (!answer || !answer.is_sent) {
    return (
      <div className={styles.answer}>
        <p className="alert alert-warning">
          {windowState(task, now) === 'upcoming'
            ? t('task.student.window.state.upcoming')
            : t('task.student.answer.closed')}
        </p>
        {answer?.answer && <RichText html={answer.answer} />}
      </div>
    );
  }
  return (
    <div className={styles.answer}>
      <p className="muted" data-testid="sent-note">
        {answer.is_late
          ? t('task.student.answer.sentLate', { time: dates.dateTime(answer.sent_at) })
          : t('task.student.answer.sentAt', { time: dates.dateTime(answer.sent_at) })}{' '}
        {t('task.student.answer.readOnly')}
      </p>
      {answer.answer ? (
        <RichText html={answer.answer} />
      ) : (
        <p className="muted">{t('task.student.answer.noText')}</p>
      )}
      <FileList
        files={answer.files}
        base={`course/task/answers/${encodeURIComponent(answer.id)}/files`}
        label={t('task.student.files.answerFiles')}
        annotationsOf={answer.id}
      />
    </div>
  );
}
