/**
 * What a user may choose of the interface: the web client's languages (one locale each; spec 01
 * §9's en, de, fr, pt, and Bahasa Indonesia) and spec 01 §9's themes. A campus's default language
 * is one of the same languages.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'pt', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export type Theme = (typeof THEMES)[number];
