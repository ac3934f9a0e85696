import { describe, expect, it } from 'vitest';
import {
  pdfRectToScreen,
  screenPointToPdf,
  screenRectToPdf,
  selectionToPdfRects,
  thinStroke,
  toPdf,
  toScreen,
  viewSize,
  type PageView,
} from './geometry';

const A4: PageView = { box: [0, 0, 595, 842], rotation: 0, scale: 1.5 };

describe('page ↔ screen coordinates', () => {
  it('puts the PDF origin at the bottom-left and y downwards on screen, at the zoom', () => {
    expect(viewSize(A4)).toEqual({ width: 892.5, height: 1263 });
    expect(toScreen(A4, { x: 0, y: 842 })).toEqual({ x: 0, y: 0 });
    expect(toScreen(A4, { x: 0, y: 0 })).toEqual({ x: 0, y: 1263 });
    expect(toScreen(A4, { x: 100, y: 742 })).toEqual({ x: 150, y: 150 });
    expect(toPdf(A4, { x: 150, y: 150 })).toEqual({ x: 100, y: 742 });
  });

  it('follows a crop box that does not start at the origin', () => {
    const cropped: PageView = { box: [50, 60, 450, 560], rotation: 0, scale: 2 };
    expect(viewSize(cropped)).toEqual({ width: 800, height: 1000 });
    expect(toScreen(cropped, { x: 50, y: 560 })).toEqual({ x: 0, y: 0 });
    expect(toPdf(cropped, { x: 800, y: 1000 })).toEqual({ x: 450, y: 60 });
  });

  it('turns with the page’s rotation, as pdf.js shows it', () => {
    const turned: PageView = { box: [0, 0, 595, 842], rotation: 90, scale: 1 };
    expect(viewSize(turned)).toEqual({ width: 842, height: 595 });
    // The page's top-left corner comes to the top-right of the screen.
    expect(toScreen(turned, { x: 0, y: 842 })).toEqual({ x: 842, y: 0 });
    expect(toScreen(turned, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    for (const rotation of [0, 90, 180, 270]) {
      const view: PageView = { box: [10, 20, 610, 820], rotation, scale: 1.25 };
      const back = toPdf(view, toScreen(view, { x: 123.5, y: 456.25 }));
      expect(back.x).toBeCloseTo(123.5, 9);
      expect(back.y).toBeCloseTo(456.25, 9);
    }
  });

  it('makes a drag on screen a PDF rectangle with its lower-left corner, whichever way it was drawn', () => {
    const dragged = { left: 150, top: 150, width: 300, height: 45 };
    expect(screenRectToPdf(A4, dragged)).toEqual({ x: 100, y: 712, width: 200, height: 30 });
    expect(screenRectToPdf(A4, { left: 450, top: 195, width: -300, height: -45 })).toEqual({
      x: 100,
      y: 712,
      width: 200,
      height: 30,
    });
    expect(pdfRectToScreen(A4, { x: 100, y: 712, width: 200, height: 30 })).toEqual(dragged);
  });

  it('keeps rectangles and points on the page', () => {
    expect(screenRectToPdf(A4, { left: -30, top: -30, width: 60, height: 60 })).toEqual({
      x: 0,
      y: 822,
      width: 20,
      height: 20,
    });
    expect(screenPointToPdf(A4, { x: 2000, y: 2000 })).toEqual({ x: 595, y: 0 });
    expect(screenPointToPdf(A4, { x: 100.123, y: 100.456 })).toEqual({ x: 66.75, y: 775.03 });
  });

  it('joins a selection’s rectangles line by line and drops empty ones', () => {
    const rects = selectionToPdfRects(A4, [
      { left: 150, top: 150, width: 60, height: 30 },
      { left: 210, top: 150.5, width: 90, height: 30 },
      { left: 150, top: 195, width: 120, height: 30 },
      { left: 400, top: 400, width: 0, height: 30 },
    ]);
    expect(rects).toEqual([
      { x: 100, y: 722, width: 100, height: 20 },
      { x: 100, y: 692, width: 80, height: 20 },
    ]);
  });

  it('thins a stroke to the points that matter, keeping its ends', () => {
    const points = [0, 0.5, 1, 2, 2.2, 4].map((x) => ({ x, y: 0 }));
    expect(thinStroke(points)).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 4, y: 0 },
    ]);
    expect(thinStroke([{ x: 3, y: 3 }])).toEqual([{ x: 3, y: 3 }]);
    expect(thinStroke([])).toEqual([]);
  });
});
