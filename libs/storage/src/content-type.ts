import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';

/** How many leading bytes {@link detectContentType} looks at (enough for office documents). */
export const SNIFF_BYTES = 16 * 1024;

export const OFFICE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const wanted = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + wanted.length && head.subarray(at, at + wanted.length).equals(wanted);
};

/** The names of the entries whose local headers lie within `head` (a ZIP archive's start). */
function zipEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= head.length && head.readUInt32LE(at) === 0x04034b50) {
    const flags = head.readUInt16LE(at + 6);
    const compressedSize = head.readUInt32LE(at + 18);
    const nameLength = head.readUInt16LE(at + 26);
    const extraLength = head.readUInt16LE(at + 28);
    if (at + 30 + nameLength > head.length) break;
    names.push(head.subarray(at + 30, at + 30 + nameLength).toString('utf8'));
    // With a data descriptor (flag bit 3) the size is unknown here: stop walking.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

function zipType(head: Buffer): string {
  const names = zipEntryNames(head);
  // Entry names may also be seen further in (streamed archives): look for them as text too.
  const text = head.toString('latin1');
  const has = (prefix: string) => names.some((name) => name.startsWith(prefix)) || text.includes(prefix);
  if (has('[Content_Types].xml') || has('_rels/')) {
    if (has('word/')) return OFFICE_TYPES.docx;
    if (has('xl/')) return OFFICE_TYPES.xlsx;
    if (has('ppt/')) return OFFICE_TYPES.pptx;
  }
  return 'application/zip';
}

function isoMediaType(head: Buffer): string {
  const brand = head.subarray(8, 12).toString('latin1');
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
  if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (brand.startsWith('3g')) return 'video/3gpp';
  return 'video/mp4';
}

/** An MPEG audio frame header (layer I–III), as an MP3 without an ID3 tag starts. */
function isMpegAudioFrame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0x03;
  const layer = (head[1] >> 1) & 0x03;
  const bitrate = head[2] >> 4;
  const rate = (head[2] >> 2) & 0x03;
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && rate !== 0x03;
}

/**
 * Text: valid UTF-8 (a multi-byte character cut at the end of the head is fine) without the
 * control bytes binary files are full of.
 */
function isText(head: Buffer): boolean {
  let at = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < head.length) {
    const byte = head[at];
    if (byte < 0x80) {
      if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
      if (byte === 0x7f) return false;
      at += 1;
      continue;
    }
    const length = byte >= 0xf0 && byte <= 0xf4 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc2 && byte < 0xe0 ? 2 : 0;
    if (length === 0 || byte > 0xf4) return false;
    for (let next = 1; next < length; next++) {
      if (at + next >= head.length) return true;
      if ((head[at + next] & 0xc0) !== 0x80) return false;
    }
    at += length;
  }
  return true;
}

/** Markup a browser would render or run: refused as text, named for what it is. */
function markupType(head: Buffer): string | null {
  const start = head
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^<!doctype html|^<html|^<head|^<body|^<script|^<iframe/.test(start)) return 'text/html';
  if (/^<svg/.test(start) || (start.startsWith('<?xml') && start.includes('<svg'))) return 'image/svg+xml';
  if (start.startsWith('<?xml')) return 'application/xml';
  return null;
}

/**
 * The media type of a file judged by its first bytes (pass up to {@link SNIFF_BYTES}), never by
 * its name: PDF, PNG, JPEG, GIF, WebP, the ZIP-based office documents (docx, xlsx, pptx), MP4,
 * MP3 and plain text; a few other well-known formats are named so that a refusal can say what
 * was sent. Anything unrecognised is `application/octet-stream`; an empty head is `''`.
 */
export function detectContentType(head: Buffer): string {
  if (head.length === 0) return '';
  if (startsWith(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'image/gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'image/webp';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8)) return 'audio/wav';
  if (startsWith(head, 'RIFF') && startsWith(head, 'AVI ', 8)) return 'video/x-msvideo';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return zipType(head);
  if (startsWith(head, 'ftyp', 4)) return isoMediaType(head);
  if (startsWith(head, 'ID3') || isMpegAudioFrame(head)) return 'audio/mpeg';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(head, 'OggS')) return 'audio/ogg';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-ole-storage';
  if (startsWith(head, 'MZ')) return 'application/x-msdownload';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'application/x-executable';
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  if (startsWith(head, 'Rar!')) return 'application/vnd.rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return 'application/x-7z-compressed';
  if (isText(head)) return markupType(head) ?? 'text/plain';
  return 'application/octet-stream';
}

/**
 * Reads the first `bytes` of a stream (fewer if it ends sooner) without losing any: `body`
 * yields the head and then the rest, so the whole stream can still be stored as it comes.
 */
export async function peekHead(
  stream: AsyncIterable<Buffer>,
  bytes = SNIFF_BYTES,
): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let seen = 0;
  let done = false;
  while (seen < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    seen += next.value.length;
  }
  const head = Buffer.concat(chunks).subarray(0, bytes);
  async function* all() {
    yield* chunks;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, body: Readable.from(all(), { objectMode: false }) };
}

/**
 * A signing secret kept in a file (created with 32 random bytes on first use), so presigned
 * URLs of a local-disk store stay valid across restarts; `fromEnv` wins when given.
 */
export function loadOrCreateSigningSecret(file: string, fromEnv?: string): string {
  if (fromEnv && fromEnv.trim()) return fromEnv.trim();
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
