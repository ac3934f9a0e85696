import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSizes } from '../layout/FileDownloads';
import { WarningAlert } from '../layout/WarningAlert';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';
import { MAX_REPLY_FILES } from './replyUpload';
import styles from './discussions.module.css';

/** What a composer hands over; resolves to a failure text, or null once posted. */
export type PostReply = (html: string, files: File[]) => Promise<string | null>;

/**
 * The reply editor: rich text (the project's editor) and up to five attachments. While the reply
 * is posted it shows in the thread at once as "posting…" (the page keeps it); a failure comes back
 * here with the text kept.
 */
export function ReplyComposer({
  id,
  label,
  onPost,
  onCancel,
}: {
  id: string;
  label: string;
  onPost: PostReply;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [html, setHtml] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!html && files.length === 0) {
      setFailure(t('discussion.reply.empty'));
      return;
    }
    if (files.length > MAX_REPLY_FILES) {
      setFailure(t('discussion.reply.tooMany', { count: MAX_REPLY_FILES }));
      return;
    }
    setFailure(null);
    setBusy(true);
    void onPost(html, files).then((problem) => {
      setBusy(false);
      if (problem !== null) {
        setFailure(problem);
        return;
      }
      setHtml('');
      setFiles([]);
      setRound((n) => n + 1);
      onCancel?.();
    });
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate aria-label={label}>
      <RichTextEditor key={round} id={`${id}-text`} label={label} value={html} onChange={setHtml} />
      <div className="field">
        <label htmlFor={`${id}-files`}>{t('discussion.reply.attach', { count: MAX_REPLY_FILES })}</label>
        <input
          key={round}
          id={`${id}-files`}
          type="file"
          multiple
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
        />
      </div>
      {files.length > 0 && <FileSizes files={files} label={t('discussion.reply.chosen')} />}
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('discussion.reply.posting') : t('discussion.reply.post')}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </p>
    </form>
  );
}
