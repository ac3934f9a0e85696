import { TextLayer } from 'pdfjs-dist';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import type { Annotation, Motivation, Selector } from './annotateApi';
import {
  pdfRectToScreen,
  screenPointToPdf,
  screenRectToPdf,
  thinStroke,
  toScreen,
  viewSize,
  type PageView,
  type Point,
} from './geometry';
import type { LoadedPage } from './pdf';
import styles from './annotate.module.css';

export type Tool = 'select' | 'highlight' | 'note' | 'ink' | 'erase';

/** Width of a new ink stroke, in PDF points. */
export const INK_WIDTH = 2;
/** Size of a note's pin on screen (CSS pixels), whatever the zoom. */
const PIN = 22;

interface PdfPageProps {
  loaded: LoadedPage;
  scale: number;
  /** The annotations of this page, each with its number in the list. */
  annotations: ReadonlyArray<{ annotation: Annotation; number: number; label: string }>;
  tool: Tool;
  editable: boolean;
  color: string;
  selectedId: string | null;
  onSelect: (annotation: Annotation) => void;
  onErase: (annotation: Annotation) => void;
  onCreate: (motivation: Motivation, selector: Omit<Selector, 'type'>) => void;
  onNoteAt: (page: number, point: Point) => void;
  /** Moves an annotation by `dx`, `dy` PDF points (arrow keys). */
  onNudge: (annotation: Annotation, dx: number, dy: number) => void;
}

type Draft = { kind: 'rect'; from: Point; to: Point } | { kind: 'ink'; points: Point[] };

/**
 * One page: pdf.js draws it on a canvas (once it comes near the screen), its text as a layer that
 * can be selected, and the annotations over it as SVG in screen coordinates. The tools draw on
 * the SVG: a drag highlights an area, a click pins a note, a stroke is ink, a click erases.
 */
export function PdfPage(props: PdfPageProps) {
  const { loaded, scale, annotations, tool, editable, color, selectedId } = props;
  const { t } = useTranslation();
  const view: PageView = { box: loaded.box, rotation: loaded.rotation, scale };
  const size = viewSize(view);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const overlay = useRef<SVGSVGElement>(null);
  // Without IntersectionObserver (old browsers, tests) every page is drawn at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [drawn, setDrawn] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      {
        rootMargin: '600px 0px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!near || !target) return;
    const ratio = window.devicePixelRatio || 1;
    const viewport = loaded.page.getViewport({ scale: scale * ratio });
    target.width = Math.floor(viewport.width);
    target.height = Math.floor(viewport.height);
    const task = loaded.page.render({ canvas: target, viewport });
    task.promise.then(() => setDrawn(true)).catch(() => undefined);
    return () => task.cancel();
  }, [loaded, scale, near]);

  useEffect(() => {
    const container = text.current;
    if (!near || !container) return;
    container.replaceChildren();
    const layer = new TextLayer({
      textContentSource: loaded.page.streamTextContent(),
      container,
      viewport: loaded.page.getViewport({ scale }),
    });
    layer.render().catch(() => undefined);
    return () => layer.cancel();
  }, [loaded, scale, near]);

  const drawing = editable && tool !== 'select';
  const local = (event: PointerEvent): Point => {
    const bounds = overlay.current!.getBoundingClientRect();
    return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing || event.button !== 0) return;
    if (tool === 'highlight' || tool === 'ink') {
      event.currentTarget.setPointerCapture(event.pointerId);
      const at = local(event);
      setDraft(tool === 'highlight' ? { kind: 'rect', from: at, to: at } : { kind: 'ink', points: [at] });
    } else if (tool === 'note' && event.target === event.currentTarget) {
      props.onNoteAt(loaded.number, screenPointToPdf(view, local(event)));
    }
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const at = local(event);
    setDraft(draft.kind === 'rect' ? { ...draft, to: at } : { kind: 'ink', points: [...draft.points, at] });
  };
  const onPointerUp = () => {
    if (!draft) return;
    setDraft(null);
    if (draft.kind === 'rect') {
      const rect = screenRectToPdf(view, {
        left: draft.from.x,
        top: draft.from.y,
        width: draft.to.x - draft.from.x,
        height: draft.to.y - draft.from.y,
      });
      if (rect.width >= 2 && rect.height >= 2)
        props.onCreate('highlighting', { page: loaded.number, rects: [rect] });
      return;
    }
    const points = thinStroke(draft.points).map((point) => screenPointToPdf(view, point));
    if (points.length > 0)
      props.onCreate('drawing', {
        page: loaded.number,
        width: INK_WIDTH,
        paths: [points.slice(0, 5000).map(({ x, y }) => [x, y] as [number, number])],
      });
  };

  const onShapeKey = (event: KeyboardEvent, annotation: Annotation) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (editable && tool === 'erase') props.onErase(annotation);
      else props.onSelect(annotation);
      return;
    }
    if (!editable) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onErase(annotation);
      return;
    }
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      props.onNudge(annotation, ...move);
    }
  };

  const onFrameKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !editable || tool !== 'note' || event.key !== 'Enter') return;
    event.preventDefault();
    const [x0, y0, x1, y1] = loaded.box;
    props.onNoteAt(loaded.number, { x: Math.round((x0 + x1) / 2), y: Math.round((y0 + y1) / 2) });
  };

  return (
    <div
      ref={frame}
      className={styles.page}
      data-page-number={loaded.number}
      data-testid={`pdf-page-${loaded.number}`}
      style={{
        width: size.width,
        height: size.height,
        ['--scale-factor' as string]: scale,
        ['--total-scale-factor' as string]: scale,
        ['--user-unit' as string]: 1,
        ['--scale-round-x' as string]: '1px',
        ['--scale-round-y' as string]: '1px',
      }}
      role="group"
      aria-label={
        editable && tool === 'note'
          ? t('task.annotate.pageWithNote', { page: loaded.number })
          : t('task.annotate.page', { page: loaded.number })
      }
      tabIndex={editable && tool === 'note' ? 0 : undefined}
      onKeyDown={onFrameKey}
    >
      <canvas
        ref={canvas}
        className={styles.canvas}
        style={{ width: size.width, height: size.height }}
        aria-hidden="true"
      />
      {!drawn && (
        <span className={styles.pageLoading}>{t('task.annotate.pageLoading', { page: loaded.number })}</span>
      )}
      <div ref={text} className={cx('textLayer', styles.textLayer)} />
      <svg
        ref={overlay}
        className={cx(styles.overlay, drawing && styles.drawing, drawing && styles[tool])}
        width={size.width}
        height={size.height}
        viewBox={`0 0 ${size.width} ${size.height}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDraft(null)}
        aria-hidden={annotations.length === 0 ? true : undefined}
      >
        {annotations.map(({ annotation, number, label }) => (
          <g
            key={annotation.id}
            className={cx(styles.shape, annotation.id === selectedId && styles.selected)}
            role="button"
            tabIndex={0}
            aria-label={label}
            aria-pressed={annotation.id === selectedId}
            data-testid={`annotation-${annotation.motivation}`}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() =>
              editable && tool === 'erase' ? props.onErase(annotation) : props.onSelect(annotation)
            }
            onKeyDown={(event) => onShapeKey(event, annotation)}
          >
            <Shape view={view} annotation={annotation} number={number} />
          </g>
        ))}
        {draft?.kind === 'rect' && (
          <rect
            className={styles.draft}
            x={Math.min(draft.from.x, draft.to.x)}
            y={Math.min(draft.from.y, draft.to.y)}
            width={Math.abs(draft.to.x - draft.from.x)}
            height={Math.abs(draft.to.y - draft.from.y)}
            fill={color}
          />
        )}
        {draft?.kind === 'ink' && (
          <polyline
            className={styles.ink}
            points={draft.points.map((p) => `${p.x},${p.y}`).join(' ')}
            stroke={color}
            strokeWidth={INK_WIDTH * scale}
          />
        )}
      </svg>
    </div>
  );
}

/** An annotation drawn in screen coordinates, with an outline shown when it is selected or focused. */
function Shape({ view, annotation, number }: { view: PageView; annotation: Annotation; number: number }) {
  const { selector } = annotation.target;
  const color = annotation.color;
  if (annotation.motivation === 'commenting' && selector.point) {
    const at = toScreen(view, selector.point);
    return (
      <>
        <rect
          className={styles.ring}
          x={at.x - 3}
          y={at.y - PIN - 3}
          width={PIN + 6}
          height={PIN + 6}
          rx={6}
        />
        <rect className={styles.pin} x={at.x} y={at.y - PIN} width={PIN} height={PIN} rx={4} fill={color} />
        <text className={styles.pinNumber} x={at.x + PIN / 2} y={at.y - PIN / 2}>
          {number}
        </text>
      </>
    );
  }
  if (annotation.motivation === 'drawing' && selector.paths) {
    const strokes = selector.paths.map((path) => path.map(([x, y]) => toScreen(view, { x, y })));
    const all = strokes.flat();
    const [left, top] = [Math.min(...all.map((p) => p.x)), Math.min(...all.map((p) => p.y))];
    const [right, bottom] = [Math.max(...all.map((p) => p.x)), Math.max(...all.map((p) => p.y))];
    return (
      <>
        <rect
          className={styles.ring}
          x={left - 4}
          y={top - 4}
          width={right - left + 8}
          height={bottom - top + 8}
          rx={4}
        />
        {strokes.map((points, index) => (
          <polyline
            key={index}
            className={styles.ink}
            points={(points.length === 1 ? [points[0], points[0]] : points)
              .map((p) => `${p.x},${p.y}`)
              .join(' ')}
            stroke={color}
            strokeWidth={(selector.width ?? INK_WIDTH) * view.scale}
          />
        ))}
      </>
    );
  }
  const rects = (selector.rects ?? []).map((rect) => pdfRectToScreen(view, rect));
  return (
    <>
      {rects.map((rect, index) => (
        <g key={index}>
          <rect
            className={styles.ring}
            x={rect.left - 2}
            y={rect.top - 2}
            width={rect.width + 4}
            height={rect.height + 4}
            rx={3}
          />
          <rect
            className={styles.highlight}
            x={rect.left}
            y={rect.top}
            width={rect.width}
            height={rect.height}
            fill={color}
          />
        </g>
      ))}
      {annotation.body && rects[0] && (
        <text className={styles.highlightNumber} x={rects[0].left} y={rects[0].top - 3}>
          {number}
        </text>
      )}
    </>
  );
}
