import { describe, expect, it } from 'vitest';
import { avatarFileProblem, middleSquare, moveCrop, resizeCrop } from './avatarCrop';

describe('the square an avatar keeps', () => {
  it('starts as the largest square in the middle', () => {
    expect(middleSquare(600, 400)).toEqual({ x: 100, y: 0, size: 400 });
    expect(middleSquare(300, 501)).toEqual({ x: 0, y: 100, size: 300 });
  });

  it('moves within the picture only', () => {
    const crop = { x: 100, y: 0, size: 400 };
    expect(moveCrop(crop, 250, 0, 600, 400)).toEqual({ x: 200, y: 0, size: 400 });
    expect(moveCrop(crop, -40, 30.6, 600, 400)).toEqual({ x: 0, y: 0, size: 400 });
  });

  it('zooms around its centre, no smaller than a tenth of the shorter side and no larger than it', () => {
    expect(resizeCrop({ x: 100, y: 0, size: 400 }, 200, 600, 400)).toEqual({ x: 200, y: 100, size: 200 });
    expect(resizeCrop({ x: 100, y: 0, size: 400 }, 5, 600, 400)).toEqual({ x: 280, y: 180, size: 40 });
    // growing near an edge pushes the square back inside
    expect(resizeCrop({ x: 500, y: 300, size: 100 }, 400, 600, 400)).toEqual({ x: 200, y: 0, size: 400 });
  });

  it('refuses a file of another type or over 5 MB before sending it', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 1000 })).toBe('avatarType');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('avatarSize');
  });
});
