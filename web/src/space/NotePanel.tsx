import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { RichText } from '../lib/richtext/RichText';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';
import { notificationFor } from '../notifications/notification';
import {
  type Note,
  useContentNoteQuery,
  useCreateNoteMutation,
  useDeleteNoteMutation,
  useUpdateNoteMutation,
} from './spaceApi';
import styles from './space.module.css';

/** The editor of a note: its text, saved as a new note or over the one there is. */
function NoteEditor({
  contentId,
  note,
  onDone,
  onCancel,
}: {
  contentId: string;
  note: Note | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [html, setHtml] = useState(note?.body ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateNoteMutation();
  const [update, updating] = useUpdateNoteMutation();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!html) {
      setFailure(t('space.note.empty'));
      return;
    }
    setFailure(null);
    const saving = note ? update({ id: note.id, body: html }) : create({ contentId, body: html });
    saving
      .unwrap()
      .then(onDone)
      .catch((error: unknown) => setFailure(notificationFor(error, t('space.note.saveFailed')).text));
  };
  return (
    <form onSubmit={save} noValidate className={styles.noteForm}>
      <RichTextEditor
        id={`note-${contentId}`}
        label={t('space.note.label')}
        value={html}
        onChange={setHtml}
      />
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button
          type="submit"
          className="button button-primary small"
          disabled={creating.isLoading || updating.isLoading}
        >
          {t('space.note.save')}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}

/** The open panel: the note (edit, delete) or the editor of a new one. */
function NoteBody({ contentId, onClose }: { contentId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const note = useContentNoteQuery(contentId);
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useDeleteNoteMutation();
  if (note.isLoading) return <p className="muted small">{t('space.note.loading')}</p>;
  if (note.isError)
    return (
      <p className="small" role="alert">
        {t('space.note.loadFailed')}{' '}
        <button type="button" className="button small" onClick={() => void note.refetch()}>
          {t('common.tryAgain')}
        </button>
      </p>
    );
  const current = note.data ?? null;
  if (editing || current === null)
    return (
      <NoteEditor
        key={current?.id ?? 'new'}
        contentId={contentId}
        note={current}
        onDone={() => setEditing(false)}
        onCancel={current ? () => setEditing(false) : onClose}
      />
    );
  return (
    <>
      <RichText html={current.body} />
      <p className="row-actions">
        <button type="button" className="button small" onClick={() => setEditing(true)}>
          {t('space.note.edit')}
        </button>
        <button
          type="button"
          className="button small"
          disabled={removing.isLoading}
          onClick={() =>
            void remove({ id: current.id })
              .unwrap()
              .catch(() => {})
          }
        >
          {t('space.note.delete')}
        </button>
      </p>
    </>
  );
}

/**
 * "My note" under a content: the reader's private note, opened on demand (nothing is fetched
 * before), written with the rich-text editor.
 */
export function NotePanel({ contentId, contentName }: { contentId: string; contentName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = `note-panel-${contentId}`;
  return (
    <div className={styles.notePanel}>
      <button
        type="button"
        className="button small"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('space.note.toggleNamed', { name: contentName })}
        onClick={() => setOpen((value) => !value)}
      >
        {t('space.note.toggle')}
      </button>
      {open && (
        <section
          id={panelId}
          className={styles.noteBody}
          aria-label={t('space.note.panel', { name: contentName })}
        >
          <NoteBody contentId={contentId} onClose={() => setOpen(false)} />
        </section>
      )}
    </div>
  );
}
