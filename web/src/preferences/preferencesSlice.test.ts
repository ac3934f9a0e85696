import { beforeEach, describe, expect, it } from 'vitest';
import reducer, {
  MAX_STARRED,
  loadPreferences,
  savePreferences,
  sidebarFoldToggled,
  starRemoved,
  starToggled,
  themeChanged,
  languageChanged,
  type Language,
  type Theme,
} from './preferencesSlice';

describe('preferences', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to the light theme and English (spec 01 §9)', () => {
    expect(loadPreferences()).toEqual({ theme: 'light', language: 'en', starred: [], sidebarFolded: false });
  });

  it('remembers the theme, the language, starred pages and the folded sidebar', () => {
    let state = reducer(undefined, themeChanged('semi-dark'));
    state = reducer(state, languageChanged('pt'));
    state = reducer(state, starToggled({ path: '/courses/1', routeId: 'course', label: 'Algorithms' }));
    state = reducer(state, sidebarFoldToggled());
    savePreferences(state);
    expect(localStorage.getItem('lms.theme')).toBe('semi-dark');
    expect(localStorage.getItem('lms.language')).toBe('pt');
    expect(loadPreferences()).toEqual(state);
  });

  it('ignores unknown or damaged values', () => {
    localStorage.setItem('lms.theme', 'neon');
    localStorage.setItem('lms.language', 'xx');
    localStorage.setItem('lms.starred', '{broken');
    expect(loadPreferences()).toMatchObject({ theme: 'light', language: 'en', starred: [] });
    localStorage.setItem('lms.starred', JSON.stringify([{ path: 'https://evil.example', routeId: 'x' }, 5]));
    expect(loadPreferences().starred).toEqual([]);
    const state = reducer(undefined, themeChanged('neon' as Theme));
    expect(reducer(state, languageChanged('xx' as Language))).toMatchObject({
      theme: 'light',
      language: 'en',
    });
  });
});

describe('starred pages', () => {
  beforeEach(() => localStorage.clear());
  const page = (n: number) => ({ path: `/courses/${n}`, routeId: 'course' });

  it('toggles a page on and off', () => {
    let state = reducer(undefined, starToggled(page(1)));
    expect(state.starred).toEqual([page(1)]);
    state = reducer(state, starToggled(page(1)));
    expect(state.starred).toEqual([]);
  });

  it('keeps at most ten, and a removed one makes room again', () => {
    let state = reducer(undefined, { type: 'init' });
    for (let n = 1; n <= 12; n++) state = reducer(state, starToggled(page(n)));
    expect(MAX_STARRED).toBe(10);
    expect(state.starred.map((item) => item.path)).toEqual(
      Array.from({ length: 10 }, (_, index) => `/courses/${index + 1}`),
    );
    state = reducer(state, starRemoved('/courses/3'));
    state = reducer(state, starToggled(page(11)));
    expect(state.starred).toHaveLength(10);
    expect(state.starred[9]).toEqual(page(11));
  });

  it('reads no more than ten from storage', () => {
    localStorage.setItem('lms.starred', JSON.stringify(Array.from({ length: 14 }, (_, n) => page(n))));
    expect(loadPreferences().starred).toHaveLength(10);
  });
});
