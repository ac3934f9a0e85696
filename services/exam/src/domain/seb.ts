/**
 * Safe Exam Browser: the `.seb` configuration of an exam (an unencrypted XML property list, which
 * SEB opens as it is) and its Config Key, the checksum SEB computes over the settings it runs
 * with. SEB sends `X-SafeExamBrowser-ConfigKeyHash` = SHA-256(request URL without fragment +
 * Config Key) with each request (and offers the same through its JavaScript API), so the server,
 * which computes the Config Key from the settings it generated, can tell a correctly configured
 * SEB from anything else.
 *
 * Config Key (SEB developer documentation, "Config Key"): the settings without
 * `originatorVersion` as "SEB-JSON" — dictionaries sorted by key (case-insensitive, ordinal),
 * recursively, also inside arrays; empty dictionaries left out; no whitespace; strings written
 * as they are, without escaping; <data> as Base64, <date> as ISO 8601 — hashed with SHA-256,
 * in lower-case hex.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';

export type PlistValue = string | number | boolean | Date | Buffer | PlistValue[] | PlistDict;
export interface PlistDict {
  [key: string]: PlistValue;
}

function isDict(value: PlistValue): value is PlistDict {
  return (
    typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value) && !Array.isArray(value)
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function plistValue(value: PlistValue, indent: string): string {
  const inner = `${indent}  `;
  if (typeof value === 'string') return `<string>${escapeXml(value)}</string>`;
  if (typeof value === 'boolean') return value ? '<true/>' : '<false/>';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('a plist number must be finite');
    return Number.isInteger(value) ? `<integer>${value}</integer>` : `<real>${value}</real>`;
  }
  if (value instanceof Date) return `<date>${value.toISOString().replace(/\.\d{3}Z$/, 'Z')}</date>`;
  if (Buffer.isBuffer(value)) return `<data>${value.toString('base64')}</data>`;
  if (Array.isArray(value))
    return value.length
      ? `<array>\n${value.map((item) => `${inner}${plistValue(item, inner)}`).join('\n')}\n${indent}</array>`
      : '<array/>';
  const keys = Object.keys(value);
  if (!keys.length) return '<dict/>';
  return `<dict>\n${keys
    .map((key) => `${inner}<key>${escapeXml(key)}</key>\n${inner}${plistValue(value[key], inner)}`)
    .join('\n')}\n${indent}</dict>`;
}

/** The settings as an XML property list (Apple's DTD, as SEB writes it). */
export function toPlist(settings: PlistDict): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
    `<plist version="1.0">\n${plistValue(settings, '')}\n</plist>\n`
  );
}

type Ordered = Array<Record<string, unknown>>;
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
});

function textIn(children: Ordered): string {
  return children.map((node) => (typeof node['#text'] === 'string' ? node['#text'] : '')).join('');
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

function readNode(node: Record<string, unknown>): PlistValue {
  const [tag] = Object.keys(node).filter((key) => key !== ':@');
  const children = (node[tag] ?? []) as Ordered;
  switch (tag) {
    case 'string':
      return decodeXml(textIn(children));
    case 'integer':
      return Number.parseInt(textIn(children).trim(), 10);
    case 'real':
      return Number.parseFloat(textIn(children).trim());
    case 'true':
      return true;
    case 'false':
      return false;
    case 'date':
      return new Date(textIn(children).trim());
    case 'data':
      return Buffer.from(textIn(children).replace(/\s+/g, ''), 'base64');
    case 'array':
      return children.filter((child) => !('#text' in child)).map(readNode);
    case 'dict': {
      const dict: PlistDict = {};
      const elements = children.filter((child) => !('#text' in child));
      for (let i = 0; i + 1 < elements.length; i += 2) {
        const keyNode = elements[i];
        if (!('key' in keyNode)) throw new Error('a plist dict holds a value without its key');
        dict[decodeXml(textIn(keyNode.key as Ordered))] = readNode(elements[i + 1]);
      }
      return dict;
    }
    default:
      throw new Error(`unknown plist element <${tag}>`);
  }
}

/** Reads an XML property list (an unencrypted .seb file). */
export function parsePlist(xml: string): PlistDict {
  if (/<!ENTITY/i.test(xml)) throw new Error('a plist with entity declarations is refused');
  const document = parser.parse(xml) as Ordered;
  const plist = document.find((node) => 'plist' in node);
  if (!plist) throw new Error('not a property list');
  const root = (plist.plist as Ordered).find((node) => !('#text' in node));
  if (!root) throw new Error('an empty property list');
  const value = readNode(root);
  if (!isDict(value)) throw new Error('a SEB configuration is a dictionary');
  return value;
}

const swapCase = (text: string) =>
  text.replace(/[a-zA-Z]/g, (ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()));

/**
 * The order of keys SEB sorts by (.NET's invariant culture): without case first; keys with the
 * same letters in another case (`allowWlan`, `allowWLAN`) lower case first.
 */
const byKey = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  const [p, q] = [swapCase(a), swapCase(b)];
  return p < q ? -1 : p > q ? 1 : 0;
};

function sebJsonValue(value: PlistValue): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (value instanceof Date) return `"${value.toISOString()}"`;
  if (Buffer.isBuffer(value)) return `"${value.toString('base64')}"`;
  if (Array.isArray(value)) return `[${value.map(sebJsonValue).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => !(isDict(value[key]) && !Object.keys(value[key] as PlistDict).length))
    .sort(byKey)
    .map((key) => `"${key}":${sebJsonValue(value[key])}`);
  return `{${entries.join(',')}}`;
}

/** The settings as SEB-JSON, the text the Config Key hashes. */
export function toSebJson(settings: PlistDict): string {
  const rest = { ...settings };
  delete rest.originatorVersion;
  return sebJsonValue(rest);
}

/** The Config Key of the settings: SHA-256 of their SEB-JSON, lower-case hex. */
export function configKey(settings: PlistDict): string {
  return createHash('sha256').update(toSebJson(settings), 'utf8').digest('hex');
}

/**
 * What SEB sends for a request to `url` (`X-SafeExamBrowser-ConfigKeyHash`, or
 * `SafeExamBrowser.security.configKey` in its JavaScript API): SHA-256 of the URL without its
 * fragment followed by the Config Key.
 */
export function configKeyHash(url: string, key: string): string {
  const withoutFragment = url.split('#')[0];
  return createHash('sha256')
    .update(withoutFragment + key, 'utf8')
    .digest('hex');
}

/**
 * Whether `given` (a client's `X-SafeExamBrowser-ConfigKeyHash`) is the hash SEB running with the
 * Config Key `key` sends for `url`: compared in constant time, hex in either case.
 */
export function configKeyHashMatches(url: string, key: string, given: string): boolean {
  const expected = Buffer.from(configKeyHash(url, key), 'hex');
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** SEB keeps the quit password as its SHA-256 in lower-case hex. */
export function hashQuitPassword(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('hex');
}

export interface ExamSebOptions {
  /** Where SEB opens the exam (the exam's start page of the web client). */
  startUrl: string;
  /** The password an invigilator types to let a student leave SEB. */
  quitPassword: string;
  /** Where SEB closes by itself (the page shown after the exam is finished), if any. */
  quitUrl?: string;
}

/**
 * The SEB settings of an exam: starts at the exam's page, allows only the product's own host,
 * sends the Browser Exam and Config Keys, quits with the password (or at the quit page), and
 * refuses what an exam forbids (spell checking, dictionary, screen capture and sharing, virtual
 * machines, downloads, other applications).
 */
export function examSebSettings(options: ExamSebOptions): PlistDict {
  const start = new URL(options.startUrl);
  if (start.protocol !== 'https:' && start.protocol !== 'http:')
    throw new Error('the start URL must be http(s)');
  const host = start.host;
  return {
    originatorVersion: 'LMS_exam_service_1',
    startURL: start.toString(),
    sebConfigPurpose: 0,
    sendBrowserExamKey: true,
    // modern WebView and SEB's JavaScript API (SafeExamBrowser.security.configKey)
    browserWindowWebView: 3,
    allowQuit: true,
    hashedQuitPassword: hashQuitPassword(options.quitPassword),
    quitURL: options.quitUrl ?? '',
    quitURLConfirm: true,
    browserViewMode: 1,
    mainBrowserWindowWidth: '100%',
    mainBrowserWindowHeight: '100%',
    showTaskBar: true,
    showTime: true,
    showReloadButton: true,
    browserWindowAllowReload: true,
    enableJavaScript: true,
    allowBrowsingBackForward: false,
    newBrowserWindowByLinkPolicy: 0,
    newBrowserWindowByScriptPolicy: 0,
    allowDownUploads: false,
    allowSpellCheck: false,
    allowDictionaryLookup: false,
    allowScreenSharing: false,
    allowVideoCapture: false,
    allowAudioCapture: false,
    allowVirtualMachine: false,
    allowSiri: false,
    allowDictation: false,
    allowSwitchToApplications: false,
    enablePrintScreen: false,
    enableRightMouse: false,
    URLFilterEnable: true,
    URLFilterEnableContentFilter: false,
    URLFilterRules: [
      { action: 1, active: true, expression: `${host}/*`, regex: false },
      { action: 1, active: true, expression: host, regex: false },
    ],
  };
}
