import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOC_FIX_SCROLL, useScrolledPast } from './useScrolledPast';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrolledPast', () => {
  it('turns on past the threshold and off again above it', () => {
    scrollTo(0);
    const { result } = renderHook(() => useScrolledPast(TOC_FIX_SCROLL));
    expect(result.current).toBe(false);
    act(() => scrollTo(TOC_FIX_SCROLL));
    expect(result.current).toBe(false);
    act(() => scrollTo(TOC_FIX_SCROLL + 1));
    expect(result.current).toBe(true);
    act(() => scrollTo(40));
    expect(result.current).toBe(false);
  });
});
