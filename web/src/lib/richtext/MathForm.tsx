import type { Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMath } from './katex';
import styles from './editor.module.css';

/**
 * Inserts a formula (LaTeX, previewed with KaTeX as it is typed), inline or on its own line, or
 * changes the selected one (Ctrl/⌘+Shift+M). Escape closes it.
 */
export function MathForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const selected = editor.isActive('blockMath')
    ? 'blockMath'
    : editor.isActive('inlineMath')
      ? 'inlineMath'
      : null;
  const [latex, setLatex] = useState<string>(
    selected ? String(editor.getAttributes(selected).latex ?? '') : '',
  );
  const [block, setBlock] = useState(selected === 'blockMath');
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (preview.current) renderMath(preview.current, latex || '\\square', block);
  }, [latex, block]);

  const apply = (event: React.SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!latex.trim()) return;
    editor.chain().setMath(latex.trim(), block).run();
    onClose();
  };

  return (
    // A group, not a form: it sits inside the form that saves the text.
    <div
      role="group"
      className={styles.panel}
      aria-label={t('richText.mathPanel')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <label htmlFor={`${id}-latex`}>{t('richText.latex')}</label>
      <textarea
        id={`${id}-latex`}
        rows={2}
        value={latex}
        // The form opens on request: the formula field takes the focus at once.
        autoFocus
        spellCheck={false}
        placeholder="E = mc^2"
        onChange={(event) => setLatex(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) apply(event);
        }}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
        {t('richText.mathBlock')}
      </label>
      <div className={styles.preview} ref={preview} aria-label={t('richText.mathPreview')} role="img" />
      <span className="row-actions">
        <button
          type="button"
          onClick={apply}
          className="button button-primary small"
          disabled={!latex.trim()}
        >
          {selected ? t('richText.updateMath') : t('richText.insertMath')}
        </button>
        <button type="button" className="button small" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </span>
    </div>
  );
}
