import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Spec 01 §9: theme options light, dark, semi-dark (default light); languages en, de, fr, pt (default
 * en), and Bahasa Indonesia (issue 11: the product serves Indonesian campuses).
 */
export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export type Theme = (typeof THEMES)[number];
export const LANGUAGES = ['en', 'de', 'fr', 'pt', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_THEME: Theme = 'light';
export const DEFAULT_LANGUAGE: Language = 'en';
/** Spec 01 §9: up to 10 starred pages. */
export const MAX_STARRED = 10;

/** A page the user starred: its path and the route whose title names it. */
export interface StarredPage {
  path: string;
  routeId: string;
  /** A name known when it was starred (a course's name), shown next to the route title. */
  label?: string;
}

export interface PreferencesState {
  theme: Theme;
  language: Language;
  starred: StarredPage[];
  /** The user folded the sidebar to icons (wide screens). */
  sidebarFolded: boolean;
}

export const STORAGE_KEYS = {
  theme: 'lms.theme',
  language: 'lms.language',
  starred: 'lms.starred',
  sidebarFolded: 'lms.sidebarFolded',
} as const;

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function readStarred(raw: string | null): StarredPage[] {
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (item): item is StarredPage =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as StarredPage).path === 'string' &&
          (item as StarredPage).path.startsWith('/') &&
          typeof (item as StarredPage).routeId === 'string',
      )
      .slice(0, MAX_STARRED);
  } catch {
    return [];
  }
}

/** Preferences as remembered in this browser; anything damaged or unknown falls back to the defaults. */
export function loadPreferences(storage: Storage | undefined = globalThis.localStorage): PreferencesState {
  const theme = read(storage, STORAGE_KEYS.theme);
  const language = read(storage, STORAGE_KEYS.language);
  return {
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    starred: readStarred(read(storage, STORAGE_KEYS.starred)),
    sidebarFolded: read(storage, STORAGE_KEYS.sidebarFolded) === 'true',
  };
}

export function savePreferences(
  state: PreferencesState,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STORAGE_KEYS.theme, state.theme);
    storage?.setItem(STORAGE_KEYS.language, state.language);
    storage?.setItem(STORAGE_KEYS.starred, JSON.stringify(state.starred));
    storage?.setItem(STORAGE_KEYS.sidebarFolded, String(state.sidebarFolded));
  } catch {
    // A full or blocked storage only means the preferences are not remembered.
  }
}

export function isStarred(starred: StarredPage[], path: string): boolean {
  return starred.some((page) => page.path === path);
}

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: () => loadPreferences(),
  reducers: {
    themeChanged: (state, action: PayloadAction<Theme>) => {
      if (isTheme(action.payload)) state.theme = action.payload;
    },
    languageChanged: (state, action: PayloadAction<Language>) => {
      if (isLanguage(action.payload)) state.language = action.payload;
    },
    /** Stars a page, or unstars it when it is starred already; a full list (10) takes no more. */
    starToggled: (state, action: PayloadAction<StarredPage>) => {
      const index = state.starred.findIndex((page) => page.path === action.payload.path);
      if (index >= 0) state.starred.splice(index, 1);
      else if (state.starred.length < MAX_STARRED) state.starred.push(action.payload);
    },
    starRemoved: (state, action: PayloadAction<string>) => {
      state.starred = state.starred.filter((page) => page.path !== action.payload);
    },
    sidebarFoldToggled: (state) => {
      state.sidebarFolded = !state.sidebarFolded;
    },
  },
});

export const { themeChanged, languageChanged, starToggled, starRemoved, sidebarFoldToggled } =
  preferencesSlice.actions;
export default preferencesSlice.reducer;
