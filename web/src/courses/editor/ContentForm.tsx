import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationFor } from '../../notifications/notification';
import { CONTENT_TYPES, useSaveContentMutation, type Content, type ContentableType } from '../courseApi';
import { changedFields } from '../structure';
import { draftOf, draftProblems, fieldKind, isDirty, type ContentDraft } from './contentDraft';
import { FileUpload } from './FileUpload';
import { useUnsavedFlag } from './unsaved';
import { WarningAlert } from '../../layout/WarningAlert';

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
  const dirty = isDirty(original, draft) || uploading;
  useUnsavedFlag(`content-${content?.id ?? 'new'}`, dirty);

  const kind = fieldKind(draft.type);
  const formId = `content-form-${content?.id ?? 'new'}`;
  const set = (patch: Partial<ContentDraft>) => setDraft((now) => ({ ...now, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = draftProblems(draft);
    if (kind === 'file' && !content) return; // a new file is sent by the upload
    if (found.length > 0) {
      setProblems(found.map((problem) => t(`editor.problem.${problem}`)));
      return;
    }
    setProblems([]);
    const request = content
      ? (() => {
          const changes = changedFields(
            { name: original.name, type: original.type, content: original.content },
            {
              name: draft.name.trim(),
              type: draft.type,
              content: kind === 'file' ? original.content : draft.content,
            },
          );
          if (Object.keys(changes).length === 0) return null;
          return save({ id: content.id, courseId, input: changes });
        })()
      : save({
          courseId,
          input: {
            contentable_type: target.type,
            contentable_id: Number(target.id),
            index: nextIndex,
            name: draft.name.trim(),
            type: draft.type,
            content: draft.content,
          },
        });
    if (!request) {
      onDone();
      return;
    }
    request
      .unwrap()
      .then(() => {
        setDraft(draftOf(null));
        onDone();
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <form
      id={formId}
      className="card card-body content-form"
      onSubmit={submit}
      aria-label={content ? t('editor.editContent', { name: content.name }) : t('editor.newContent')}
      noValidate
    >
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${formId}-type`}>{t('editor.contentType')}</label>
          <select
            id={`${formId}-type`}
            value={draft.type}
            disabled={content?.contents_type === 'file' || uploading}
            onChange={(event) => set({ type: event.target.value as ContentDraft['type'] })}
          >
            {CONTENT_TYPES.filter(
              (type) => content?.contents_type === 'file' || type !== 'file' || !content,
            ).map((type) => (
              <option key={type} value={type}>
                {t(`contentTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor={`${formId}-name`}>{t('editor.contentName')}</label>
          <input
            id={`${formId}-name`}
            value={draft.name}
            maxLength={255}
            onChange={(event) => set({ name: event.target.value })}
          />
        </div>
      </div>
      {kind === 'text' && (
        <div className="field wide">
          <label htmlFor={`${formId}-text`}>{t('editor.contentText')}</label>
          <textarea
            id={`${formId}-text`}
            rows={8}
            value={draft.content}
            onChange={(event) => set({ content: event.target.value })}
          />
          <p className="muted small">{t('editor.textHelp')}</p>
        </div>
      )}
      {kind === 'url' && (
        <div className="field wide">
          <label htmlFor={`${formId}-url`}>{t('editor.contentUrl')}</label>
          <input
            id={`${formId}-url`}
            type="url"
            value={draft.content}
            placeholder="https://"
            onChange={(event) => set({ content: event.target.value })}
          />
        </div>
      )}
      {kind === 'file' && !content && (
        <FileUpload
          target={{ contentable_type: target.type, contentable_id: target.id, name: draft.name }}
          onBusy={setUploading}
          onUploaded={() => {
            setUploading(false);
            setDraft(draftOf(null));
            onDone();
          }}
        />
      )}
      <WarningAlert>{problems.join(' ')}</WarningAlert>
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        {!(kind === 'file' && !content) && (
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
