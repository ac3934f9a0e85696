import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkAllowed } from './extensions';
import styles from './editor.module.css';

/** An address as typed: `example.org/x` means https; javascript:, data: and the like are refused. */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/') ? text : `https://${text}`;
  return linkAllowed(withScheme) ? withScheme : null;
}

/** Sets, changes or removes the link of the selection (Ctrl/⌘+K). Escape closes it. */
export function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [typed, setTyped] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (event: React.SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const href = linkAddress(typed);
    if (href === null) {
      setProblem(t('richText.linkRefused'));
      return;
    }
    // No focus() here: onClose gives the text its focus back, once. A second, delayed focus
    // would write the old selection back over a key pressed in between.
    const chain = editor.chain().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({ type: 'text', text: typed.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain.setLink({ href }).run();
      // the caret goes after the link, so what is typed next does not replace it
      editor.commands.setTextSelection(editor.state.selection.to);
    }
    onClose();
  };

  return (
    // A group, not a form: it sits inside the form that saves the text.
    <div
      role="group"
      className={styles.panel}
      aria-label={t('richText.linkPanel')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <label htmlFor={`${id}-href`}>{t('richText.linkAddress')}</label>
      <input
        id={`${id}-href`}
        type="url"
        value={typed}
        // The form opens on request: the address field takes the focus at once.
        autoFocus
        placeholder="https://"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
      />
      <span className="row-actions">
        <button type="button" onClick={apply} className="button button-primary small">
          {t('richText.applyLink')}
        </button>
        {current && (
          <button
            type="button"
            className="button small"
            onClick={() => {
              editor.chain().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {t('richText.removeLink')}
          </button>
        )}
        <button type="button" className="button small" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </span>
      {problem && (
        <p id={`${id}-problem`} className={styles.failure} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
