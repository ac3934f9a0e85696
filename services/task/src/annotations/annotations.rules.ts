import { attributes, field, z } from '@lms/jsonapi';

/**
 * What an annotation does (W3C Web Annotation `motivation`): a highlight of text or an area, a
 * note pinned to a point, or free-hand ink.
 */
export const MOTIVATIONS = ['highlighting', 'commenting', 'drawing'] as const;
export type Motivation = (typeof MOTIVATIONS)[number];

/** Longest text of an annotation's body, and of the quoted text of a highlight. */
export const MAX_TEXT = 5000;
/** Most rectangles one highlight covers (a selection over many lines gives one per line). */
export const MAX_RECTS = 200;
/** Most strokes of one ink annotation, and most points over all its strokes. */
export const MAX_PATHS = 100;
export const MAX_INK_POINTS = 5000;
/** PDF user space never exceeds 14,400 units (200 inches) from the origin of a page. */
export const MAX_COORDINATE = 14_400;

/** The colour an annotation is drawn in when none is sent, by motivation. */
export const DEFAULT_COLORS: Readonly<Record<Motivation, string>> = {
  highlighting: '#ffd400',
  commenting: '#f08c00',
  drawing: '#e03131',
};
/** Width of an ink stroke in PDF points when none is sent. */
export const DEFAULT_INK_WIDTH = 2;

const coordinate = field.number({ min: -MAX_COORDINATE, max: MAX_COORDINATE });
const extent = field.number({ min: 0, max: 2 * MAX_COORDINATE });

/** A rectangle in the page's PDF user space: lower-left corner, width and height in points. */
const rect = field.object({ x: coordinate, y: coordinate, width: extent, height: extent });
const point = field.object({ x: coordinate, y: coordinate });
/** One stroke: its points as `[x, y]` pairs in PDF user space. */
const stroke = field.array(z.tuple([coordinate, coordinate], { error: 'must be a pair [x, y]' }), {
  min: 1,
  max: MAX_INK_POINTS,
});

/**
 * Where on the file an annotation sits (`target.selector`, type `PdfSelector`): a 1-based page
 * and, by motivation, the rectangles highlighted, the point of a note, or the ink strokes. All
 * coordinates are PDF user space (points, y upwards), as pdf.js and pdf-lib both use them.
 */
const selector = field.object({
  type: field.enum(['PdfSelector']).optional(),
  page: field.integer({ min: 1, max: 100_000 }),
  rects: field.array(rect, { min: 1, max: MAX_RECTS }).optional(),
  point: point.optional(),
  paths: field.array(stroke, { min: 1, max: MAX_PATHS }).optional(),
  /** Width of the ink strokes, in points. */
  width: field.number({ min: 0.25, max: 48 }).optional(),
  /** The text a highlight covers, as the viewer read it. */
  quote: field.string({ max: MAX_TEXT }).optional(),
});

/** W3C `TextualBody`: the annotation's text (a comment on a highlight, a note's words). */
const body = field.object({
  type: field.enum(['TextualBody']).optional(),
  value: field.string({ max: MAX_TEXT }),
  format: field.enum(['text/plain']).optional(),
});

const target = field.object({
  /** The key of one of the answer's files (`files[].key`). */
  source: field.string({ min: 1, max: 512 }),
  selector,
});

const color = field.string({ max: 7 }).refine((value) => /^#[0-9a-fA-F]{6}$/.test(value), {
  message: 'must be a colour as #rrggbb',
});

/** `POST /course/task/answers/{id}/annotations`. */
export const annotationCreateRules = attributes({
  motivation: field.enum(MOTIVATIONS),
  body: body.nullable().optional(),
  target,
  color: color.optional(),
});

/**
 * `PATCH /course/task/annotations/{id}`: the text, the colour or the place change; the file and
 * what the annotation is stay (a highlight does not become ink).
 */
export const annotationUpdateRules = attributes({
  body: body.nullable().optional(),
  target: field.object({ source: target.shape.source.optional(), selector }).optional(),
  color: color.optional(),
});

export type AnnotationInput = z.output<typeof annotationCreateRules>;
export type AnnotationUpdate = z.output<typeof annotationUpdateRules>;
export type PdfSelector = AnnotationInput['target']['selector'];
export type PdfRect = NonNullable<PdfSelector['rects']>[number];

/** A problem of a well-formed annotation, at its place under `/data/attributes`. */
export interface AnnotationIssue {
  path: Array<string | number>;
  detail: string;
}

/**
 * What the motivation requires of the selector and the body: a highlight has rectangles, a
 * note a point and a text, ink its strokes (at most MAX_INK_POINTS points in all); none carries
 * another's geometry.
 */
export function shapeIssues(motivation: Motivation, selector: PdfSelector, text: string | null) {
  const issues: AnnotationIssue[] = [];
  const at = (name: string) => ['target', 'selector', name];
  const needs = { highlighting: 'rects', commenting: 'point', drawing: 'paths' } as const;
  const wanted = needs[motivation];
  for (const name of ['rects', 'point', 'paths'] as const) {
    if (name === wanted && selector[name] === undefined)
      issues.push({ path: at(name), detail: `target.selector.${name} is required for ${motivation}` });
    if (name !== wanted && selector[name] !== undefined)
      issues.push({ path: at(name), detail: `target.selector.${name} is not allowed for ${motivation}` });
  }
  if (motivation !== 'drawing' && selector.width !== undefined)
    issues.push({ path: at('width'), detail: 'target.selector.width is only for drawing' });
  if (motivation !== 'highlighting' && selector.quote !== undefined)
    issues.push({ path: at('quote'), detail: 'target.selector.quote is only for highlighting' });
  if (motivation === 'commenting' && (text ?? '').trim() === '')
    issues.push({ path: ['body', 'value'], detail: 'body.value is required for a note' });
  const inkPoints = (selector.paths ?? []).reduce((sum, path) => sum + path.length, 0);
  if (inkPoints > MAX_INK_POINTS)
    issues.push({
      path: at('paths'),
      detail: `target.selector.paths must have at most ${MAX_INK_POINTS} points in all (not ${inkPoints})`,
    });
  return issues;
}

/** A page's visible area in PDF user space (its crop box): lower-left and upper-right corners. */
export interface PageBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Coordinates may stray this far (points) outside the page: rounding of the viewer's transform. */
const TOLERANCE = 1;

/** Whether every coordinate of the selector lies on its page (`page` itself is checked first). */
export function boundsIssues(selector: PdfSelector, pages: readonly PageBox[]): AnnotationIssue[] {
  const at = (...rest: Array<string | number>) => ['target', 'selector', ...rest];
  const box = pages[selector.page - 1];
  if (!box)
    return [
      {
        path: at('page'),
        detail: `target.selector.page must be at most ${pages.length} (the file's pages)`,
      },
    ];
  const inside = (x: number, y: number) =>
    x >= box.x0 - TOLERANCE && x <= box.x1 + TOLERANCE && y >= box.y0 - TOLERANCE && y <= box.y1 + TOLERANCE;
  const where = `inside page ${selector.page} (x ${round(box.x0)}–${round(box.x1)}, y ${round(box.y0)}–${round(box.y1)})`;
  const issues: AnnotationIssue[] = [];
  (selector.rects ?? []).forEach((r, index) => {
    if (!inside(r.x, r.y) || !inside(r.x + r.width, r.y + r.height))
      issues.push({ path: at('rects', index), detail: `target.selector.rects[${index}] must lie ${where}` });
  });
  if (selector.point && !inside(selector.point.x, selector.point.y))
    issues.push({ path: at('point'), detail: `target.selector.point must lie ${where}` });
  (selector.paths ?? []).forEach((path, index) => {
    if (path.some(([x, y]) => !inside(x, y)))
      issues.push({ path: at('paths', index), detail: `target.selector.paths[${index}] must lie ${where}` });
  });
  return issues;
}

const round = (value: number) => Math.round(value * 100) / 100;
