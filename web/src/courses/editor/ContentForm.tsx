import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useSaveContentMutation, type Content, type ContentableType } from '../content/contentsApi';
import { ContentFields } from './ContentFields';
import { draftOf, draftProblems, fieldKind, isDirty, saveRequestOf, type ContentDraft } from './contentDraft';
import { FileUpload } from './FileUpload';
import { useUnsavedFlag } from './unsaved';
import styles from './ContentForm.module.css';

/** Creating (content null) or editing one content, per type; saves only what changed. */
export function ContentForm({
  courseId,
  target,
  content,
  nextIndex,
  onDone,
}: {
  courseId: string;
  target: { type: ContentableType; id: string };
  content: Content | null;
  nextIndex: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const original = draftOf(content);
  const [draft, setDraft] = useState<ContentDraft>(original);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [save, state] = useSaveContentMutation();
  useUnsavedFlag(`content-${content?.id ?? 'new'}`, isDirty(original, draft) || uploading);

  // A new file is sent by its upload, not by this form's button.
  const uploadsFile = fieldKind(draft.type) === 'file' && !content;
  const formId = `content-form-${content?.id ?? 'new'}`;
  const finish = () => {
    setDraft(draftOf(null));
    onDone();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (uploadsFile) return;
    const found = draftProblems(draft);
    setProblems(found.map((problem) => t(`editor.problem.${problem}`)));
    if (found.length > 0) return;
    const request = saveRequestOf(content, draft, { courseId, target, nextIndex });
    if (!request) {
      onDone();
      return;
    }
    save(request)
      .unwrap()
      .then(finish)
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <form
      id={formId}
      className={`card card-body ${styles.form}`}
      onSubmit={submit}
      aria-label={content ? t('editor.editContent', { name: content.name }) : t('editor.newContent')}
      noValidate
    >
      <ContentFields
        formId={formId}
        courseId={courseId}
        content={content}
        draft={draft}
        locked={uploading}
        onChange={(patch) => setDraft((now) => ({ ...now, ...patch }))}
      />
      {uploadsFile && (
        <FileUpload
          target={{ contentable_type: target.type, contentable_id: target.id, name: draft.name }}
          onBusy={setUploading}
          onUploaded={() => {
            setUploading(false);
            finish();
          }}
        />
      )}
      <WarningAlert>{problems.join(' ')}</WarningAlert>
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        {!uploadsFile && (
          <button type="submit" className="button button-primary" disabled={state.isLoading}>
            {state.isLoading ? t('editor.saving') : t('editor.saveContent')}
          </button>
        )}
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}
