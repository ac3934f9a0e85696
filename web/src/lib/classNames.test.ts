import { describe, expect, it } from 'vitest';
import { cx } from './classNames';

describe('cx', () => {
  it('joins the given class names and leaves out false, empty and missing ones', () => {
    expect(cx('card', false, 'wide', undefined, '', null, 'open')).toBe('card wide open');
    expect(cx(false, undefined)).toBe('');
  });
});
