import { type Editor, useEditorState } from '@tiptap/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../classNames';
import { HEADING_LEVELS } from './extensions';
import styles from './editor.module.css';

/** The form open under the toolbar, if any. */
export type Panel = 'link' | 'math' | null;

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

interface ToolButton {
  key: string;
  glyph: string;
  /** i18n key of its name (`richText.<key>`). */
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

/**
 * The editor's toolbar: one tab stop (arrow keys, Home and End move between its controls, as
 * WAI-ARIA's toolbar pattern asks), each button named, toggles with `aria-pressed`, shortcuts in
 * their titles. Table rows and columns appear while the cursor is in a table.
 */
export function EditorToolbar({
  editor,
  controls,
  panel,
  onPanel,
  onImage,
  uploading,
}: {
  editor: Editor;
  controls: string;
  panel: Panel;
  onPanel: (panel: Panel) => void;
  onImage?: () => void;
  uploading: boolean;
}) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: HEADING_LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      math: e.isActive('inlineMath') || e.isActive('blockMath'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const glyphClass: Record<string, string | undefined> = {
    bold: styles.glyphBold,
    italic: styles.glyphItalic,
    underline: styles.glyphUnderline,
    strike: styles.glyphStrike,
  };

  const groups: ToolButton[][] = [
    [
      {
        key: 'bold',
        glyph: 'B',
        shortcut: `${MOD}B`,
        pressed: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        key: 'italic',
        glyph: 'I',
        shortcut: `${MOD}I`,
        pressed: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        glyph: 'U',
        shortcut: `${MOD}U`,
        pressed: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
      {
        key: 'strike',
        glyph: 'S',
        shortcut: `${MOD}Shift+S`,
        pressed: state.strike,
        run: () => chain().toggleStrike().run(),
      },
      {
        key: 'code',
        glyph: '</>',
        shortcut: `${MOD}E`,
        pressed: state.code,
        run: () => chain().toggleCode().run(),
      },
    ],
    [
      {
        key: 'bulletList',
        glyph: '•',
        shortcut: `${MOD}Shift+8`,
        pressed: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        glyph: '1.',
        shortcut: `${MOD}Shift+7`,
        pressed: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'blockquote',
        glyph: '❝',
        shortcut: `${MOD}Shift+B`,
        pressed: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
      {
        key: 'codeBlock',
        glyph: '{ }',
        shortcut: `${MOD}Alt+C`,
        pressed: state.codeBlock,
        run: () => chain().toggleCodeBlock().run(),
      },
    ],
    [
      {
        key: 'link',
        glyph: '↗',
        shortcut: `${MOD}K`,
        pressed: state.link || panel === 'link',
        run: () => onPanel(panel === 'link' ? null : 'link'),
      },
      {
        key: 'math',
        glyph: '∑',
        shortcut: `${MOD}Shift+M`,
        pressed: state.math || panel === 'math',
        run: () => onPanel(panel === 'math' ? null : 'math'),
      },
      ...(onImage ? [{ key: 'image', glyph: '▣', disabled: uploading, run: onImage }] : []),
      {
        key: 'table',
        glyph: '▦',
        disabled: state.table,
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      },
    ],
    ...(state.table
      ? [
          [
            { key: 'addRow', glyph: '+≡', run: () => chain().addRowAfter().run() },
            { key: 'deleteRow', glyph: '−≡', run: () => chain().deleteRow().run() },
            { key: 'addColumn', glyph: '+▥', run: () => chain().addColumnAfter().run() },
            { key: 'deleteColumn', glyph: '−▥', run: () => chain().deleteColumn().run() },
            { key: 'deleteTable', glyph: '✕▦', run: () => chain().deleteTable().run() },
          ],
        ]
      : []),
    [
      {
        key: 'undo',
        glyph: '↶',
        shortcut: `${MOD}Z`,
        disabled: !state.canUndo,
        run: () => chain().undo().run(),
      },
      {
        key: 'redo',
        glyph: '↷',
        shortcut: `${MOD}Shift+Z`,
        disabled: !state.canRedo,
        run: () => chain().redo().run(),
      },
    ],
  ];

  /** The toolbar's controls in order (the heading select first). */
  const items = () => Array.from(bar.current?.querySelectorAll<HTMLElement>('[data-tool]') ?? []);
  const moveFocus = (event: React.KeyboardEvent) => {
    const all = items().filter((item) => !(item as HTMLButtonElement).disabled);
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    let next = at;
    if (event.key === 'ArrowRight') next = (at + 1) % all.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    else return;
    event.preventDefault();
    all[next].focus();
  };
  /** One tab stop: the control focused last (the first at the start). */
  const rove = (target: EventTarget) => {
    for (const item of items()) item.tabIndex = item === target ? 0 : -1;
  };

  return (
    <div
      ref={bar}
      className={styles.toolbar}
      role="toolbar"
      aria-label={t('richText.toolbar')}
      aria-controls={controls}
      onKeyDown={moveFocus}
      onFocus={(event) => rove(event.target)}
    >
      <select
        data-tool
        tabIndex={0}
        className={styles.headingSelect}
        aria-label={t('richText.textStyle')}
        title={`${t('richText.textStyle')} (${MOD}Alt+0…4)`}
        value={state.heading}
        onChange={(event) => {
          const level = Number(event.target.value);
          if (level === 0) chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: level as (typeof HEADING_LEVELS)[number] })
              .run();
        }}
      >
        <option value={0}>{t('richText.paragraph')}</option>
        {HEADING_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t('richText.heading', { level })}
          </option>
        ))}
      </select>
      {groups.map((group) => (
        <span key={group[0].key} className={styles.group}>
          {group.map((tool) => {
            const name = t(`richText.${tool.key}`);
            return (
              <button
                key={tool.key}
                type="button"
                data-tool
                tabIndex={-1}
                className={styles.tool}
                aria-label={name}
                title={tool.shortcut ? `${name} (${tool.shortcut})` : name}
                aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
                disabled={tool.disabled}
                onMouseDown={(event) => event.preventDefault()}
                onClick={tool.run}
              >
                {/* The glyph is drawn by CSS: the button's name is its label alone, in every language. */}
                <span
                  aria-hidden="true"
                  className={cx(styles.glyph, glyphClass[tool.key])}
                  data-glyph={tool.glyph}
                />
              </button>
            );
          })}
        </span>
      ))}
    </div>
  );
}
