/**
 * What a user may choose of the interface: the web client's languages (one locale each, listed in
 * the event catalogue: the events carry them) and spec 01 §9's themes. A campus's default language
 * is one of the same languages.
 */
export { LANGUAGES, type Language } from '@lms/events';

export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export type Theme = (typeof THEMES)[number];
