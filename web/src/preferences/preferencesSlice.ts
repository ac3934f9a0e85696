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
  /**
   * The language the user chose — on this browser, or on their account once signed in; null: none
   * yet, so the campus's default applies, else the browser's (`selectLanguage`).
   */
  language: Language | null;
  /** The campus's default language as its site info last said (remembered for the first paint). */
  campusLanguage: Language | null;
  /** The first of the browser's preferred languages that the interface has. */
  browserLanguage: Language | null;
  starred: StarredPage[];
  /** The user folded the sidebar to icons (wide screens). */
  sidebarFolded: boolean;
  /**
   * Choices made on this browser that no account has confirmed yet (made before signing in, or
   * whose save has not answered): they win over the account's until saved there.
   */
  unsaved: AccountField[];
}

/** The choices kept on the account. */
export const ACCOUNT_FIELDS = ['language', 'theme'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export const STORAGE_KEYS = {
  theme: 'lms.theme',
  language: 'lms.language',
  campusLanguage: 'lms.campusLanguage',
  unsaved: 'lms.unsavedPreferences',
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

/**
 * The first of the browser's preferred languages (`id-ID`, `de`, …) that the interface has, by its
 * primary subtag; `in` is the old code of Indonesian.
 */
export function browserLanguageOf(preferred: readonly string[] | undefined): Language | null {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    const language = primary === 'in' ? 'id' : primary;
    if (isLanguage(language)) return language;
  }
  return null;
}

/** Preferences as remembered in this browser; anything damaged or unknown falls back to the defaults. */
export function loadPreferences(
  storage: Storage | undefined = globalThis.localStorage,
  preferred: readonly string[] | undefined = globalThis.navigator?.languages,
): PreferencesState {
  const theme = read(storage, STORAGE_KEYS.theme);
  const language = read(storage, STORAGE_KEYS.language);
  const campusLanguage = read(storage, STORAGE_KEYS.campusLanguage);
  return {
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    language: isLanguage(language) ? language : null,
    campusLanguage: isLanguage(campusLanguage) ? campusLanguage : null,
    browserLanguage: browserLanguageOf(preferred),
    starred: readStarred(read(storage, STORAGE_KEYS.starred)),
    sidebarFolded: read(storage, STORAGE_KEYS.sidebarFolded) === 'true',
    unsaved: [...new Set((read(storage, STORAGE_KEYS.unsaved) ?? '').split(','))].filter(
      (field): field is AccountField => ACCOUNT_FIELDS.includes(field as AccountField),
    ),
  };
}

export function savePreferences(
  state: PreferencesState,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STORAGE_KEYS.theme, state.theme);
    for (const key of ['language', 'campusLanguage'] as const) {
      const value = state[key];
      if (value) storage?.setItem(STORAGE_KEYS[key], value);
      else storage?.removeItem(STORAGE_KEYS[key]);
    }
    storage?.setItem(STORAGE_KEYS.starred, JSON.stringify(state.starred));
    storage?.setItem(STORAGE_KEYS.sidebarFolded, String(state.sidebarFolded));
    storage?.setItem(STORAGE_KEYS.unsaved, state.unsaved.join(','));
  } catch {
    // A full or blocked storage only means the preferences are not remembered.
  }
}

/**
 * The interface language: the user's own choice, else the campus's default, else the browser's,
 * else English (docs/web-client.md).
 */
export function selectLanguage(state: { preferences: PreferencesState }): Language {
  const { language, campusLanguage, browserLanguage } = state.preferences;
  return language ?? campusLanguage ?? browserLanguage ?? DEFAULT_LANGUAGE;
}

/** What the account says the user chose (`GET /login/me`); null: nothing chosen there. */
export interface AccountPreferences {
  language: Language | null;
  theme: Theme | null;
}

export function isStarred(starred: StarredPage[], path: string): boolean {
  return starred.some((page) => page.path === path);
}

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: () => loadPreferences(),
  reducers: {
    /** The user chose a theme (saved to their account when signed in). */
    themeChanged: (state, action: PayloadAction<Theme>) => {
      if (!isTheme(action.payload)) return;
      state.theme = action.payload;
      if (!state.unsaved.includes('theme')) state.unsaved.push('theme');
    },
    /** The user chose a language, or null to follow the campus's default (saved to their account when signed in). */
    languageChanged: (state, action: PayloadAction<Language | null>) => {
      if (action.payload !== null && !isLanguage(action.payload)) return;
      state.language = action.payload;
      if (!state.unsaved.includes('language')) state.unsaved.push('language');
    },
    /**
     * The signed-in account's choices: they win over this browser's, except a choice made here that
     * the account has not confirmed yet (the most recent choice wins); nothing chosen there keeps
     * this browser's.
     */
    accountPreferencesLoaded: (state, action: PayloadAction<AccountPreferences>) => {
      const { language, theme } = action.payload;
      if (isLanguage(language) && !state.unsaved.includes('language')) state.language = language;
      if (isTheme(theme) && !state.unsaved.includes('theme')) state.theme = theme;
    },
    /** The account confirmed these choices; one changed again since stays unsaved. */
    accountPreferencesSaved: (state, action: PayloadAction<Partial<AccountPreferences>>) => {
      state.unsaved = state.unsaved.filter(
        (field) => !(field in action.payload && action.payload[field] === state[field]),
      );
    },
    /** The campus's default language from its site info. */
    campusLanguageLoaded: (state, action: PayloadAction<Language | null>) => {
      state.campusLanguage = isLanguage(action.payload) ? action.payload : null;
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

export const {
  themeChanged,
  languageChanged,
  accountPreferencesLoaded,
  accountPreferencesSaved,
  campusLanguageLoaded,
  starToggled,
  starRemoved,
  sidebarFoldToggled,
} = preferencesSlice.actions;
export default preferencesSlice.reducer;
