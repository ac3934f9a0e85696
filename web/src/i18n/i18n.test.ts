import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, ROUTE_DEFS } from '../app/routeMap';
import { statusPage } from '../pages/routes';
import { LANGUAGES, THEMES } from '../preferences/preferencesSlice';
import i18n, { applyLanguage } from './i18n';
import de from './locales/de';
import en from './locales/en';
import fr from './locales/fr';
import id from './locales/id';
import pt from './locales/pt';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
const EN_KEYS = new Set(keysOf(en));
const has = (key: string) => EN_KEYS.has(key) || EN_KEYS.has(`${key}_one`) || EN_KEYS.has(`${key}_other`);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every locale but English, by its language code. */
const LOCALES: Record<string, Tree> = { de, fr, pt, id };

describe('translations', () => {
  it('has a locale file for every language the picker offers, and no other', () => {
    const files = readdirSync(join(__dirname, 'locales')).map((name) => name.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
    expect(['en', ...Object.keys(LOCALES)].sort()).toEqual([...LANGUAGES].sort());
  });

  it('has the same keys in every language, none missing and none extra', () => {
    for (const [language, locale] of Object.entries(LOCALES)) {
      const keys = new Set(keysOf(locale));
      expect(
        [...EN_KEYS].filter((key) => !keys.has(key)),
        `${language} misses`,
      ).toEqual([]);
      expect(
        [...keys].filter((key) => !EN_KEYS.has(key)),
        `${language} has extra`,
      ).toEqual([]);
    }
  });

  it('leaves no translation empty or with a different set of placeholders', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const locale of Object.values(LOCALES)) {
      const lookup = (tree: Tree, key: string) =>
        key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree) as string;
      for (const key of EN_KEYS) {
        const text = lookup(locale as Tree, key);
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(lookup(en as Tree, key)));
      }
    }
  });

  it('names every route and every missing feature, and no feature that is built', () => {
    for (const def of ROUTE_DEFS) {
      expect(has(`routes.${def.id}`), def.id).toBe(true);
      if (def.feature) expect(has(`features.${def.feature}`), def.feature).toBe(true);
    }
    // A feature's name serves its "not available yet" pages; once it is built, the name goes.
    const missing = new Set(['generic', ...ROUTE_DEFS.flatMap((def) => (def.feature ? [def.feature] : []))]);
    expect(Object.keys(en.features).filter((feature) => !missing.has(feature))).toEqual([]);
  });

  it('names every theme, language, role, sidebar section and status page', () => {
    const keys = [
      ...THEMES.map((theme) => `themes.${theme}`),
      ...LANGUAGES.map((language) => `languages.${language}`),
      ...['admin', 'lptk', 'lecturer', 'student'].map((role) => `roles.${role}`),
      ...NAV_SECTIONS.map((section) => `nav.${section}`),
      ...ROUTE_DEFS.filter((def) => def.load === statusPage).flatMap((def) => [
        `status.${def.id}.title`,
        `status.${def.id}.text`,
      ]),
      ...['STUDENT', 'LECTURER', 'ASSISTANT'].map((status) => `courses.status.${status}`),
    ];
    expect(keys.filter((key) => !has(key))).toEqual([]);
  });

  it('knows every key the code asks for', () => {
    const missing: string[] = [];
    for (const file of sources(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) {
        if (!has(match[1])) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('switches language, loading it on demand, and falls back to English for unknown ones', async () => {
    expect(await applyLanguage('de')).toBe('de');
    expect(i18n.t('routes.courses')).toBe('Kurse');
    expect(document.documentElement.lang).toBe('de');
    expect(await applyLanguage('fr')).toBe('fr');
    expect(i18n.t('courses.count', { count: 2 })).toBe('2 cours');
    expect(await applyLanguage('id')).toBe('id');
    expect(i18n.t('routes.courses')).toBe('Mata kuliah');
    expect(i18n.t('periodNames.GANJIL')).toBe('Semester Ganjil');
    expect(document.documentElement.lang).toBe('id');
    expect(await applyLanguage('klingon')).toBe('en');
    expect(i18n.t('courses.count', { count: 1 })).toBe('1 course');
  });
});
