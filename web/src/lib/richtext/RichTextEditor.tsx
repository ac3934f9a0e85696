import { EditorContent, useEditor } from '@tiptap/react';
import type { EditorProps } from '@tiptap/pm/view';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../classNames';
import { EditorToolbar, type Panel } from './EditorToolbar';
import { richTextExtensions } from './extensions';
import { LinkForm } from './LinkForm';
import { MathForm } from './MathForm';
import content from './content.module.css';
import styles from './editor.module.css';

/** Stores an image for the text and answers the address it is shown at. */
export type ImageUploader = (file: File) => Promise<string>;

/** What the editor holds as the value: '' when empty, else its HTML. */
function valueOf(editor: { isEmpty: boolean; getHTML(): string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The rich-text editor (TipTap on ProseMirror): headings, bold/italic/underline/strike, lists,
 * links, tables, images, code and formulas, producing the HTML libs/richtext keeps on the server.
 * `value` is read when the editor is created (give it another `key` to start over with another
 * value: it is never written back while typing, which could lose keystrokes); `onChange` gets
 * every change.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  uploadImage,
  help,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Without one, the toolbar offers no image. */
  uploadImage?: ImageUploader;
  help?: string;
}) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const emit = useRef(onChange);
  useEffect(() => {
    emit.current = onChange;
  }, [onChange]);

  // Options that stay the same object across renders: the editor compares them on every render
  // and re-applies changed ones, which would redraw the text under fast typing.
  const [initial] = useState(value);
  const extensions = useMemo(() => richTextExtensions(), []);
  const editorProps = useMemo<EditorProps>(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(help ? { 'aria-describedby': `${id}-help` } : {}),
        class: cx(content.content, styles.surface),
      },
      handleKeyDown: (_view, event) => {
        if (!(event.metaKey || event.ctrlKey)) return false;
        const key = event.key.toLowerCase();
        if (key === 'k' && !event.shiftKey) {
          setPanel('link');
          return true;
        }
        if (key === 'm' && event.shiftKey) {
          setPanel('math');
          return true;
        }
        return false;
      },
    }),
    [id, help],
  );
  const editor = useEditor({
    extensions,
    content: initial,
    immediatelyRender: true,
    editorProps,
    onUpdate: ({ editor: current }) => emit.current(valueOf(current)),
  });

  const closePanel = useCallback(() => {
    setPanel(null);
    editor?.commands.focus();
  }, [editor]);

  const pickImage = () => fileInput.current?.click();
  const upload = (file: File) => {
    if (!uploadImage || !editor) return;
    setFailure(null);
    setUploading(true);
    uploadImage(file)
      .then((src) => {
        const alt = file.name.replace(/\.[^.]+$/, '');
        // The image, then a paragraph under it where typing goes on.
        editor
          .chain()
          .focus()
          .insertContent([{ type: 'image', attrs: { src, alt } }, { type: 'paragraph' }])
          .run();
      })
      .catch((error: unknown) =>
        setFailure(error instanceof Error ? error.message : t('richText.imageFailed')),
      )
      .finally(() => setUploading(false));
  };

  if (!editor) return null;
  return (
    <div className={styles.editor}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <EditorToolbar
        editor={editor}
        controls={id}
        panel={panel}
        onPanel={setPanel}
        onImage={uploadImage ? pickImage : undefined}
        uploading={uploading}
      />
      {panel === 'link' && <LinkForm editor={editor} onClose={closePanel} />}
      {panel === 'math' && <MathForm editor={editor} onClose={closePanel} />}
      <EditorContent editor={editor} />
      {uploadImage && (
        <input
          ref={fileInput}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/gif,image/webp"
          data-testid={`${id}-image-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload(file);
          }}
        />
      )}
      <p className="muted small" aria-live="polite">
        {uploading ? t('richText.uploadingImage') : null}
      </p>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      {help && (
        <p id={`${id}-help`} className="muted small">
          {help}
        </p>
      )}
    </div>
  );
}
