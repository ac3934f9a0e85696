import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../preferences/preferencesSlice';
import en from './locales/en';

/**
 * i18next with English bundled (the default, spec 01 §9); German, French, Portuguese and Indonesian
 * are loaded as separate chunks the first time they are chosen.
 */
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  de: () => import('./locales/de'),
  fr: () => import('./locales/fr'),
  pt: () => import('./locales/pt'),
  id: () => import('./locales/id'),
};

/** Makes `language` the UI language, loading its translations first when needed. */
export async function applyLanguage(language: string): Promise<Language> {
  const target: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (target !== 'en' && !i18n.hasResourceBundle(target, 'translation')) {
    const { default: resources } = await loaders[target]();
    i18n.addResourceBundle(target, 'translation', resources, true, true);
  }
  await i18n.changeLanguage(target);
  if (typeof document !== 'undefined') document.documentElement.lang = target;
  return target;
}

export default i18n;
