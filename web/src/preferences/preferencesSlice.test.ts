import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { ResourceOf } from '../api/types';
import reducer, {
  accountPreferencesLoaded,
  accountPreferencesSaved,
  browserLanguageOf,
  campusLanguageLoaded,
  MAX_STARRED,
  selectLanguage,
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

  it('defaults to the light theme and no language chosen, so English on an English browser (spec 01 §9)', () => {
    const state = loadPreferences(localStorage, ['en-US']);
    expect(state).toEqual({
      theme: 'light',
      language: null,
      campusLanguage: null,
      browserLanguage: 'en',
      starred: [],
      sidebarFolded: false,
      unsaved: [],
    });
    expect(selectLanguage({ preferences: state })).toBe('en');
    expect(selectLanguage({ preferences: loadPreferences(localStorage, ['ja-JP']) })).toBe('en');
  });

  it("takes the user's choice, else the campus's default, else the browser's, else English", () => {
    const language = (preferences: Partial<ReturnType<typeof loadPreferences>>) =>
      selectLanguage({ preferences: { ...loadPreferences(localStorage, []), ...preferences } });
    expect(language({ language: 'fr', campusLanguage: 'id', browserLanguage: 'de' })).toBe('fr');
    expect(language({ language: null, campusLanguage: 'id', browserLanguage: 'de' })).toBe('id');
    expect(language({ language: null, campusLanguage: null, browserLanguage: 'de' })).toBe('de');
    expect(language({ language: null, campusLanguage: null, browserLanguage: null })).toBe('en');
  });

  it("reads the browser's preferred languages by their primary subtag", () => {
    expect(browserLanguageOf(['id-ID', 'en'])).toBe('id');
    expect(browserLanguageOf(['in'])).toBe('id');
    expect(browserLanguageOf(['ja', 'pt-BR', 'de'])).toBe('pt');
    expect(browserLanguageOf(['ja'])).toBeNull();
    expect(browserLanguageOf(undefined)).toBeNull();
  });

  it("applies the account's choices over this browser's, and keeps this browser's where the account has none", () => {
    let state = reducer(undefined, languageChanged('fr'));
    state = reducer(state, themeChanged('semi-dark'));
    state = reducer(state, accountPreferencesSaved({ language: 'fr', theme: 'semi-dark' }));
    expect(state.unsaved).toEqual([]);
    expect(reducer(state, accountPreferencesLoaded({ language: 'id', theme: 'dark' }))).toMatchObject({
      language: 'id',
      theme: 'dark',
    });
    expect(reducer(state, accountPreferencesLoaded({ language: null, theme: null }))).toMatchObject({
      language: 'fr',
      theme: 'semi-dark',
    });
  });

  it('keeps a choice the account has not confirmed yet over what the account says (the newest choice wins)', () => {
    // chosen, then the page reloaded before the save answered: the account still says German
    let state = reducer(undefined, languageChanged('fr'));
    savePreferences(state);
    state = loadPreferences();
    expect(state.unsaved).toEqual(['language']);
    state = reducer(state, accountPreferencesLoaded({ language: 'de', theme: 'dark' }));
    expect(state).toMatchObject({ language: 'fr', theme: 'dark' });
    // a save of an older choice does not confirm a newer one
    state = reducer(state, languageChanged('id'));
    expect(reducer(state, accountPreferencesSaved({ language: 'fr' })).unsaved).toEqual(['language']);
    expect(reducer(state, accountPreferencesSaved({ language: 'id' })).unsaved).toEqual([]);
  });

  it("remembers the campus's default language for the next first paint, and forgets a choice set to automatic", () => {
    let state = reducer(undefined, campusLanguageLoaded('id'));
    state = reducer(state, languageChanged('de'));
    savePreferences(state);
    expect(localStorage.getItem('lms.campusLanguage')).toBe('id');
    expect(localStorage.getItem('lms.language')).toBe('de');
    savePreferences(reducer(state, languageChanged(null)));
    expect(localStorage.getItem('lms.language')).toBeNull();
    expect(loadPreferences()).toMatchObject({ language: null, campusLanguage: 'id' });
  });

  it('offers exactly the languages and themes the account accepts (the API types)', () => {
    type Me = ResourceOf<'/api/login/me'>;
    expectTypeOf<NonNullable<Me['language']>>().toEqualTypeOf<Language>();
    expectTypeOf<NonNullable<Me['theme']>>().toEqualTypeOf<Theme>();
    expectTypeOf<NonNullable<ResourceOf<'/api/public/lptk'>['default_language']>>().toEqualTypeOf<Language>();
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
    expect(loadPreferences()).toMatchObject({ theme: 'light', language: null, starred: [] });
    localStorage.setItem('lms.starred', JSON.stringify([{ path: 'https://evil.example', routeId: 'x' }, 5]));
    expect(loadPreferences().starred).toEqual([]);
    const state = reducer(undefined, themeChanged('neon' as Theme));
    expect(reducer(state, languageChanged('xx' as Language))).toMatchObject({
      theme: 'light',
      language: null,
    });
    expect(reducer(state, campusLanguageLoaded('xx' as Language)).campusLanguage).toBeNull();
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
