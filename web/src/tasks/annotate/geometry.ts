/**
 * Page ↔ screen coordinates of the annotation screen. Annotations are kept in PDF user space
 * (points, y upwards, as the task service and pdf-lib use them); a page is shown at a zoom and
 * the page's own rotation, with y downwards from the top-left corner of its canvas. This is the
 * transform of pdf.js's `PageViewport`, written out so it can be tested without pdf.js.
 */

/** A point of PDF user space, or of the page's element on screen (CSS pixels). */
export interface Point {
  x: number;
  y: number;
}

/** A rectangle of PDF user space: lower-left corner, width and height (the API's `rects`). */
export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rectangle on screen: top-left corner, width and height, in CSS pixels of the page element. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How a page is shown: its view box `[x0, y0, x1, y1]` (pdf.js `page.view`), rotation and zoom. */
export interface PageView {
  box: readonly [number, number, number, number];
  /** The page's /Rotate: 0, 90, 180 or 270. */
  rotation: number;
  /** CSS pixels per PDF point. */
  scale: number;
}

type Matrix = [number, number, number, number, number, number];

/** The affine transform taking PDF user space to the page element (pdf.js's viewport transform). */
export function viewTransform({ box, rotation, scale }: PageView): Matrix {
  const turn = ((rotation % 360) + 360) % 360;
  const [a, b, c, d] =
    turn === 90 ? [0, 1, 1, 0] : turn === 180 ? [-1, 0, 0, 1] : turn === 270 ? [0, -1, -1, 0] : [1, 0, 0, -1];
  const centerX = (box[2] + box[0]) / 2;
  const centerY = (box[3] + box[1]) / 2;
  const sideways = a === 0;
  const offsetX = (sideways ? Math.abs(centerY - box[1]) : Math.abs(centerX - box[0])) * scale;
  const offsetY = (sideways ? Math.abs(centerX - box[0]) : Math.abs(centerY - box[1])) * scale;
  return [
    a * scale,
    b * scale,
    c * scale,
    d * scale,
    offsetX - a * scale * centerX - c * scale * centerY,
    offsetY - b * scale * centerX - d * scale * centerY,
  ];
}

/** The page element's size in CSS pixels. */
export function viewSize({ box, rotation, scale }: PageView): { width: number; height: number } {
  const width = (box[2] - box[0]) * scale;
  const height = (box[3] - box[1]) * scale;
  return ((rotation % 180) + 180) % 180 === 90 ? { width: height, height: width } : { width, height };
}

export function toScreen(view: PageView, { x, y }: Point): Point {
  const [a, b, c, d, e, f] = viewTransform(view);
  return { x: a * x + c * y + e, y: b * x + d * y + f };
}

export function toPdf(view: PageView, { x, y }: Point): Point {
  const [a, b, c, d, e, f] = viewTransform(view);
  const det = a * d - b * c;
  return { x: (d * (x - e) - c * (y - f)) / det, y: (a * (y - f) - b * (x - e)) / det };
}

/** Rounds to hundredths of a point: what the screen can tell apart, and what is stored. */
const round = (value: number) => Math.round(value * 100) / 100;

/** A rectangle on screen (any two corners) as a PDF rectangle, kept on the page. */
export function screenRectToPdf(view: PageView, rect: ScreenRect): PdfRect {
  const corners = [
    toPdf(view, { x: rect.left, y: rect.top }),
    toPdf(view, { x: rect.left + rect.width, y: rect.top + rect.height }),
  ];
  const [x0, y0, x1, y1] = view.box;
  const xs = corners.map((p) => Math.min(Math.max(p.x, x0), x1));
  const ys = corners.map((p) => Math.min(Math.max(p.y, y0), y1));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x: round(x), y: round(y), width: round(Math.max(...xs) - x), height: round(Math.max(...ys) - y) };
}

/** A PDF rectangle as the rectangle it covers on screen. */
export function pdfRectToScreen(view: PageView, rect: PdfRect): ScreenRect {
  const a = toScreen(view, { x: rect.x, y: rect.y });
  const b = toScreen(view, { x: rect.x + rect.width, y: rect.y + rect.height });
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}

/** A point on screen as a PDF point, kept on the page and rounded. */
export function screenPointToPdf(view: PageView, point: Point): Point {
  const p = toPdf(view, point);
  const [x0, y0, x1, y1] = view.box;
  return { x: round(Math.min(Math.max(p.x, x0), x1)), y: round(Math.min(Math.max(p.y, y0), y1)) };
}

/**
 * The rectangles of a text selection (the browser's client rectangles, relative to the page
 * element) as PDF rectangles: empty ones dropped, those of one line (same top and height, within a
 * pixel) joined into one.
 */
export function selectionToPdfRects(view: PageView, rects: readonly ScreenRect[]): PdfRect[] {
  const lines: ScreenRect[] = [];
  for (const rect of [...rects]
    .filter((r) => r.width >= 1 && r.height >= 1)
    .sort((p, q) => p.top - q.top || p.left - q.left)) {
    const line = lines.find((l) => Math.abs(l.top - rect.top) <= 1 && Math.abs(l.height - rect.height) <= 1);
    if (line) {
      const right = Math.max(line.left + line.width, rect.left + rect.width);
      line.left = Math.min(line.left, rect.left);
      line.width = right - line.left;
    } else lines.push({ ...rect });
  }
  return lines.map((line) => screenRectToPdf(view, line));
}

/**
 * Drops the points of a stroke that add nothing visible: those within `minDistance` CSS pixels
 * of the last one kept (a pointer reports far more than a stroke needs). The last point stays.
 */
export function thinStroke(points: readonly Point[], minDistance = 1.5): Point[] {
  const kept: Point[] = [];
  for (const point of points) {
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(point.x - last.x, point.y - last.y) >= minDistance) kept.push(point);
  }
  const end = points[points.length - 1];
  if (end && kept[kept.length - 1] !== end && kept.length > 0) kept.push(end);
  return kept;
}
