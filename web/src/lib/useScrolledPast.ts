import { useEffect, useState } from 'react';

/** Scroll depth (px) past which the course's table of contents stays fixed in view (spec 01 §9). */
export const TOC_FIX_SCROLL = 122;

/** Whether the window has scrolled further than `threshold` pixels; follows scrolling. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
