import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  configKey,
  configKeyHash,
  configKeyHashMatches,
  examSebSettings,
  hashQuitPassword,
  parsePlist,
  toPlist,
  toSebJson,
  type PlistDict,
} from './seb';

/**
 * The vector: settings written in another order than SEB's, the SEB-JSON written by hand from
 * SEB's rules (developer documentation, "Config Key"), and its SHA-256 computed with sha256sum.
 * The serializer was also checked against the SEB-JSON and Config Key of a configuration saved
 * by SEB 2.1.4 for macOS (4fa9af8e…f9292, Moodle's quizaccess_seb fixture).
 */
const SETTINGS: PlistDict = {
  URLFilterRules: [{ regex: false, expression: 'exam.example.edu/*', active: true, action: 1 }],
  urlFilterRegex: false,
  startURL: 'https://exam.example.edu/exam/7/start',
  originatorVersion: 'SEB_OSX_2.1.4',
  permittedProcesses: [{ os: 1, executable: 'firefox.exe', active: true }],
  hashedQuitPassword: hashQuitPassword('test'),
  URLFilterEnable: true,
  proxies: {},
  examKeySalt: Buffer.from([0, 1, 2, 255]),
  browserMessagingSocket: 'ws:\\localhost:8706',
  allowQuit: true,
  allowedDisplayBuiltin: true,
};
const SEB_JSON =
  '{"allowedDisplayBuiltin":true,"allowQuit":true,"browserMessagingSocket":"ws:\\localhost:8706",' +
  '"examKeySalt":"AAEC/w==","hashedQuitPassword":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",' +
  '"permittedProcesses":[{"active":true,"executable":"firefox.exe","os":1}],' +
  '"startURL":"https://exam.example.edu/exam/7/start","URLFilterEnable":true,"urlFilterRegex":false,' +
  '"URLFilterRules":[{"action":1,"active":true,"expression":"exam.example.edu/*","regex":false}]}';

describe('Safe Exam Browser', () => {
  it('writes SEB-JSON: no originatorVersion, keys sorted without case, empty dictionaries left out, nothing escaped', () => {
    expect(toSebJson(SETTINGS)).toBe(SEB_JSON);
  });

  it('computes the Config Key and the hash SEB sends with a request', () => {
    expect(hashQuitPassword('test')).toBe('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08');
    expect(configKey(SETTINGS)).toBe('0c8d42c032f3e5a472313017c0ed37cb162eb47332d90c9b6996658829798a67');
    expect(configKeyHash('https://exam.example.edu/exam/7/start?x=1#question-3', configKey(SETTINGS))).toBe(
      '55ff1b104292bf39ab2126e9ae752345d12d68ed033335bbc0207fb39e7eb0fb',
    );
  });

  it.each([
    [1, '6063c3351ed1ac878c05072598d5079e30ca763c957d8e04bd45131c08f88d1a'],
    [2, '4fc002d2ae4faf994a14bede54d95ac58a1a2cb9b59bc5b4277ff29559b46e3d'],
    [3, 'ab426e25b795c917f1fb40f7ef8e5757ef97d7c7ad6792e655c4421d47329d7a'],
  ])('computes the Config Key of SEB for Windows’ own test configuration %i', (n, key) => {
    // SEB for Windows' published vectors (DataProcessorTests, TestDictionary1–3.bin): the
    // configurations as property lists (fixtures/README.md), their Config Keys as SEB computes them.
    const xml = readFileSync(join(__dirname, 'fixtures', `seb-win-test-dictionary-${n}.plist`), 'utf8');
    expect(configKey(parsePlist(xml))).toBe(key);
  });

  it('puts keys with the same letters in another case lower case first, as SEB does', () => {
    expect(toSebJson({ allowWLAN: true, allowWlan: false, AllowX: 1 })).toBe(
      '{"allowWlan":false,"allowWLAN":true,"AllowX":1}',
    );
  });

  it('accepts the hash of the request URL and the Config Key only, in either case of hex', () => {
    const key = configKey(SETTINGS);
    const url = 'https://exam.example.edu/api/exam/exams/7/generate';
    const hash = configKeyHash(url, key);
    expect(configKeyHashMatches(url, key, hash)).toBe(true);
    expect(configKeyHashMatches(url, key, hash.toUpperCase())).toBe(true);
    expect(configKeyHashMatches(`${url}#top`, key, hash)).toBe(true);
    expect(configKeyHashMatches(`${url}?again=1`, key, hash)).toBe(false);
    expect(configKeyHashMatches(url, configKey({ ...SETTINGS, allowQuit: false }), hash)).toBe(false);
    expect(configKeyHashMatches(url, key, key)).toBe(false);
    expect(configKeyHashMatches(url, key, hash.slice(0, 63))).toBe(false);
    expect(configKeyHashMatches(url, key, `${hash.slice(0, 63)}g`)).toBe(false);
    expect(configKeyHashMatches(url, key, '')).toBe(false);
  });

  it('gives the same Config Key for the .seb file as for the settings it was written from', () => {
    const xml = toPlist(SETTINGS);
    expect(xml).toContain('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"');
    expect(xml).toContain('<key>examKeySalt</key>\n  <data>AAEC/w==</data>');
    expect(configKey(parsePlist(xml))).toBe(configKey(SETTINGS));
    expect(configKey({ ...SETTINGS, originatorVersion: 'another' })).toBe(configKey(SETTINGS));
    expect(configKey({ ...SETTINGS, allowQuit: false })).not.toBe(configKey(SETTINGS));
  });

  it('configures an exam: its start page, its host only, the keys sent, the quit password hashed', () => {
    const settings = examSebSettings({
      startUrl: 'https://lms.example.edu/exam/12/start',
      quitPassword: 'let-me-out',
    });
    expect(settings).toMatchObject({
      startURL: 'https://lms.example.edu/exam/12/start',
      sendBrowserExamKey: true,
      hashedQuitPassword: hashQuitPassword('let-me-out'),
      URLFilterEnable: true,
      URLFilterRules: [
        { action: 1, active: true, expression: 'lms.example.edu/*', regex: false },
        { action: 1, active: true, expression: 'lms.example.edu', regex: false },
      ],
    });
    expect(JSON.stringify(settings)).not.toContain('let-me-out');
    expect(parsePlist(toPlist(settings))).toEqual(settings);
    expect(() => examSebSettings({ startUrl: 'javascript:alert(1)', quitPassword: 'x' })).toThrow();
  });

  it('refuses a property list with entity declarations', () => {
    expect(() =>
      parsePlist(
        '<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaa">]><plist><dict><key>a</key><string>&a;</string></dict></plist>',
      ),
    ).toThrow(/entity/);
  });
});
