import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { cx } from '../../lib/classNames';
import {
  useAnnotationsQuery,
  useAnswerFileQuery,
  useCreateAnnotationMutation,
  useDeleteAnnotationMutation,
  useUpdateAnnotationMutation,
  type Annotation,
  type AnswerFile,
  type Motivation,
  type Selector,
} from './annotateApi';
import { AnnotationList } from './AnnotationList';
import { selectionToPdfRects, viewSize, type Point } from './geometry';
import { usePdf, type LoadedPage } from './pdf';
import { PdfPage, type Tool } from './PdfPage';
import styles from './annotate.module.css';

/** The colours offered, the first the default of highlights; ink and notes start on their own. */
export const COLORS = ['#ffd400', '#40c057', '#4dabf7', '#e03131', '#f08c00'] as const;
const DEFAULT_COLOR: Record<Exclude<Tool, 'select' | 'erase'>, string> = {
  highlight: '#ffd400',
  note: '#f08c00',
  ink: '#e03131',
};
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const TOOLS: ReadonlyArray<{ tool: Tool; key: string }> = [
  { tool: 'select', key: 'v' },
  { tool: 'highlight', key: 'h' },
  { tool: 'note', key: 'n' },
  { tool: 'ink', key: 'i' },
  { tool: 'erase', key: 'e' },
];

/** Moves a selector by `dx`, `dy` points, keeping it on the page. */
function moved(selector: Selector, dx: number, dy: number, box: LoadedPage['box']): Selector {
  const clampX = (x: number, extent = 0) => Math.min(Math.max(x + dx, box[0]), box[2] - extent);
  const clampY = (y: number, extent = 0) => Math.min(Math.max(y + dy, box[1]), box[3] - extent);
  return {
    ...selector,
    ...(selector.rects
      ? { rects: selector.rects.map((r) => ({ ...r, x: clampX(r.x, r.width), y: clampY(r.y, r.height) })) }
      : {}),
    ...(selector.point ? { point: { x: clampX(selector.point.x), y: clampY(selector.point.y) } } : {}),
    ...(selector.paths
      ? {
          paths: selector.paths.map((path) =>
            path.map(([x, y]) => [clampX(x), clampY(y)] as [number, number]),
          ),
        }
      : {}),
  };
}

const forWire = ({ type: _type, ...selector }: Selector) => selector;

/**
 * The annotation screen of one PDF of an answer: pages drawn by pdf.js at a zoom (fit to the
 * width by default), the tools of the staff (select, highlight, note, ink, erase) with a colour,
 * and the list of annotations beside the pages. Each annotation is saved as soon as it is made;
 * a student reads the same screen without the tools.
 */
export function PdfAnnotator({ file, editable }: { file: AnswerFile; editable: boolean }) {
  const { t } = useTranslation();
  const pdfUrl = useAnswerFileQuery(file);
  const pdf = usePdf(pdfUrl.data);
  const annotations = useAnnotationsQuery(file);
  const [create, creating] = useCreateAnnotationMutation();
  const [update] = useUpdateAnnotationMutation();
  const [remove] = useDeleteAnnotationMutation();
  const [tool, setTool] = useState<Tool>('select');
  const [color, setColor] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [width, setWidth] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [erasing, setErasing] = useState<Annotation | null>(null);
  const [note, setNote] = useState<{ page: number; point: Point } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [selection, setSelection] = useState<{
    page: number;
    quote: string;
    rects: Selector['rects'];
  } | null>(null);
  const pagesRef = useRef<HTMLDivElement>(null);

  const pages = useMemo(() => (pdf.status === 'ready' ? pdf.pages : []), [pdf]);
  const activeColor =
    color ?? (tool === 'select' || tool === 'erase' ? DEFAULT_COLOR.highlight : DEFAULT_COLOR[tool]);

  useEffect(() => {
    const element = pagesRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [pdf.status]);

  const widest = Math.max(
    1,
    ...pages.map((page) => viewSize({ box: page.box, rotation: page.rotation, scale: 1 }).width),
  );
  const scale = zoom === 'fit' ? (width > 0 ? Math.min(3, Math.max(0.25, (width - 24) / widest)) : 1) : zoom;

  const ordered = useMemo(
    () =>
      [...(annotations.data ?? [])].sort(
        (a, b) => a.target.selector.page - b.target.selector.page || a.created_at.localeCompare(b.created_at),
      ),
    [annotations.data],
  );
  const labelOf = useCallback(
    (annotation: Annotation, number: number) =>
      t('task.annotate.shapeLabel', {
        number,
        kind: t(`task.annotate.kinds.${annotation.motivation}`),
        page: annotation.target.selector.page,
        text: annotation.body?.value ?? annotation.target.selector.quote ?? '',
      }),
    [t],
  );

  const failed = (error: unknown) => {
    const detail = (error as { data?: { errors?: Array<{ detail?: string }> } }).data?.errors?.[0]?.detail;
    setProblem(detail ?? t('task.annotate.saveFailed'));
  };

  const save = (motivation: Motivation, selector: Omit<Selector, 'type'>, text?: string) => {
    setProblem(null);
    create({
      ...file,
      attributes: {
        motivation,
        color: activeColor,
        target: { source: file.key, selector },
        ...(text ? { body: { value: text } } : {}),
      },
    })
      .unwrap()
      .catch(failed);
  };

  const change = (
    annotation: Annotation,
    changes: { body?: { value: string } | null; color?: string; selector?: Selector },
  ) => {
    setProblem(null);
    update({
      ...file,
      id: annotation.id,
      changes: {
        ...(changes.body !== undefined ? { body: changes.body } : {}),
        ...(changes.color ? { color: changes.color } : {}),
        ...(changes.selector ? { target: { selector: forWire(changes.selector) } } : {}),
      },
      optimistic: {
        ...(changes.body !== undefined
          ? {
              body: changes.body && {
                type: 'TextualBody' as const,
                value: changes.body.value,
                format: 'text/plain' as const,
              },
            }
          : {}),
        ...(changes.color ? { color: changes.color } : {}),
        ...(changes.selector ? { target: { ...annotation.target, selector: changes.selector } } : {}),
      },
    })
      .unwrap()
      .catch(failed);
  };

  const erase = (annotation: Annotation) => {
    setErasing(null);
    if (selectedId === annotation.id) setSelectedId(null);
    remove({ ...file, id: annotation.id, motivation: annotation.motivation })
      .unwrap()
      .catch(failed);
  };

  const select = (annotation: Annotation) => {
    setSelectedId(annotation.id);
    document.getElementById(`annotation-item-${annotation.id}`)?.scrollIntoView({ block: 'nearest' });
  };

  const show = (annotation: Annotation) => {
    setSelectedId(annotation.id);
    // scrolls the pages alone, not the window around them
    const container = pagesRef.current;
    const target = container?.querySelector(`[data-page-number="${annotation.target.selector.page}"]`);
    if (container && target)
      container.scrollBy({
        top: target.getBoundingClientRect().top - container.getBoundingClientRect().top - 12,
        behavior: 'smooth',
      });
  };

  // A text selection inside one page can become a highlight of that text.
  useEffect(() => {
    if (!editable) return;
    const onChange = () => {
      const current = window.getSelection();
      if (!current || current.isCollapsed || current.rangeCount === 0) return setSelection(null);
      const range = current.getRangeAt(0);
      const start = (
        range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement
      )?.closest<HTMLElement>('[data-page-number]');
      const number = Number(start?.dataset.pageNumber);
      const page = pages.find((candidate) => candidate.number === number);
      if (!start || !page || !pagesRef.current?.contains(start)) return setSelection(null);
      const bounds = start.getBoundingClientRect();
      const rects = selectionToPdfRects(
        { box: page.box, rotation: page.rotation, scale },
        [...range.getClientRects()].map((r) => ({
          left: r.left - bounds.left,
          top: r.top - bounds.top,
          width: r.width,
          height: r.height,
        })),
      ).slice(0, 200);
      setSelection(
        rects.length > 0 ? { page: number, quote: current.toString().slice(0, 5000), rects } : null,
      );
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [editable, pages, scale]);

  const highlightSelection = () => {
    if (!selection) return;
    save('highlighting', {
      page: selection.page,
      rects: selection.rects,
      ...(selection.quote.trim() ? { quote: selection.quote.trim() } : {}),
    });
    window.getSelection()?.removeAllRanges();
    setSelection(null);
  };

  const onShortcut = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const match = TOOLS.find(({ key }) => key === event.key.toLowerCase());
    if (match) {
      event.preventDefault();
      setTool(match.tool);
    }
  };

  if (pdfUrl.isError) return <p className="page-message">{t('task.annotate.fileFailed')}</p>;

  return (
    <div className={styles.annotator} onKeyDown={onShortcut}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('task.annotate.toolbar')}>
        {editable && (
          <div className={styles.toolGroup} role="group" aria-label={t('task.annotate.tools')}>
            {TOOLS.map(({ tool: each, key }) => (
              <button
                key={each}
                type="button"
                className={cx('button', 'small', tool === each && 'button-primary')}
                aria-pressed={tool === each}
                aria-keyshortcuts={key.toUpperCase()}
                title={t('task.annotate.shortcut', { key: key.toUpperCase() })}
                onClick={() => setTool(each)}
              >
                {t(`task.annotate.tool.${each}`)}
              </button>
            ))}
          </div>
        )}
        {editable && (
          <fieldset className={styles.colors}>
            <legend className="sr-only">{t('task.annotate.color')}</legend>
            {COLORS.map((each) => (
              <label key={each} className={styles.swatch} style={{ background: each }}>
                <input
                  type="radio"
                  name="annotation-color"
                  value={each}
                  checked={activeColor === each}
                  onChange={() => {
                    setColor(each);
                    // in the select tool the colour is the selected annotation's; else the next one's
                    const chosen =
                      tool === 'select' ? ordered.find((item) => item.id === selectedId) : undefined;
                    if (chosen && chosen.color !== each) change(chosen, { color: each });
                  }}
                />
                <span className="sr-only">{t(`task.annotate.colors.${each.slice(1)}`)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {editable && (
          <button type="button" className="button small" disabled={!selection} onClick={highlightSelection}>
            {t('task.annotate.highlightSelection')}
          </button>
        )}
        <div className={styles.toolGroup} role="group" aria-label={t('task.annotate.zoom')}>
          <button
            type="button"
            className="button small"
            aria-label={t('task.annotate.zoomOut')}
            onClick={() => setZoom([...ZOOMS].reverse().find((z) => z < scale - 0.01) ?? ZOOMS[0])}
          >
            −
          </button>
          <select
            aria-label={t('task.annotate.zoomLevel')}
            value={zoom === 'fit' ? 'fit' : String(zoom)}
            onChange={(event) => setZoom(event.target.value === 'fit' ? 'fit' : Number(event.target.value))}
          >
            <option value="fit">{t('task.annotate.fitWidth', { percent: Math.round(scale * 100) })}</option>
            {ZOOMS.map((z) => (
              <option key={z} value={String(z)}>
                {Math.round(z * 100)} %
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button small"
            aria-label={t('task.annotate.zoomIn')}
            onClick={() => setZoom(ZOOMS.find((z) => z > scale + 0.01) ?? ZOOMS[ZOOMS.length - 1])}
          >
            +
          </button>
        </div>
        <span className={cx('small', 'muted', styles.status)}>
          {creating.isLoading
            ? t('task.annotate.saving')
            : editable
              ? t('task.annotate.autosave')
              : t('task.annotate.readOnly')}
        </span>
      </div>
      {problem && (
        <p className="alert alert-warning" role="alert">
          {problem}
        </p>
      )}
      {note && (
        <NoteForm
          page={note.page}
          onCancel={() => setNote(null)}
          onSave={(text) => {
            save('commenting', { page: note.page, point: note.point }, text);
            setNote(null);
          }}
        />
      )}
      <div className={styles.workspace}>
        <div ref={pagesRef} className={styles.pages} data-testid="pdf-pages">
          {pdf.status === 'loading' && <Spinner label={t('task.annotate.loadingFile')} />}
          {pdf.status === 'failed' && <p className="page-message">{t('task.annotate.fileFailed')}</p>}
          {pages.map((page) => (
            <PdfPage
              key={page.number}
              loaded={page}
              scale={scale}
              annotations={ordered
                .map((annotation, index) => ({
                  annotation,
                  number: index + 1,
                  label: labelOf(annotation, index + 1),
                }))
                .filter(({ annotation }) => annotation.target.selector.page === page.number)}
              tool={tool}
              editable={editable}
              color={activeColor}
              selectedId={selectedId}
              onSelect={select}
              onErase={setErasing}
              onCreate={(motivation, selector) => save(motivation, selector)}
              onNoteAt={(number, point) => setNote({ page: number, point })}
              onNudge={(annotation, dx, dy) =>
                change(annotation, { selector: moved(annotation.target.selector, dx, dy, page.box) })
              }
            />
          ))}
        </div>
        <AnnotationList
          annotations={ordered}
          loading={annotations.isLoading}
          editable={editable}
          selectedId={selectedId}
          onShow={show}
          onText={(annotation, text) => change(annotation, { body: text.trim() ? { value: text } : null })}
          onErase={setErasing}
        />
      </div>
      {erasing && (
        <ConfirmDialog
          question={t('task.annotate.eraseQuestion', {
            kind: t(`task.annotate.kinds.${erasing.motivation}`),
            page: erasing.target.selector.page,
          })}
          details={erasing.body?.value}
          action={t('task.annotate.eraseAction')}
          onConfirm={() => erase(erasing)}
          onCancel={() => setErasing(null)}
        />
      )}
    </div>
  );
}

/** The words of a new note, pinned where the page was clicked. */
function NoteForm({
  page,
  onSave,
  onCancel,
}: {
  page: number;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className={cx('card', styles.noteForm)}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSave(text.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <label className="field">
        <span>{t('task.annotate.newNote', { page })}</span>
        <textarea
          ref={field}
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <div className="row-actions">
        <button type="submit" className="button button-primary small" disabled={!text.trim()}>
          {t('task.annotate.addNote')}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
