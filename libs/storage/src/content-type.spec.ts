import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { detectContentType, loadOrCreateSigningSecret, OFFICE_TYPES, peekHead } from './content-type';

/** A ZIP archive's start: stored (uncompressed) entries with their local headers. */
function zipOf(entries: Array<[name: string, data: string]>): Buffer {
  return Buffer.concat(
    entries.flatMap(([name, data]) => {
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt32LE(Buffer.byteLength(data), 18);
      header.writeUInt32LE(Buffer.byteLength(data), 22);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return [header, Buffer.from(name), Buffer.from(data)];
    }),
  );
}

const bytes = (...values: number[]) => Buffer.from(values);
const officeZip = (dir: string) =>
  zipOf([
    ['[Content_Types].xml', '<Types/>'],
    ['_rels/.rels', '<Relationships/>'],
    [`${dir}/document.xml`, '<x/>'],
  ]);

describe('detectContentType', () => {
  it.each([
    ['pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'image/png'],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
    ['docx', officeZip('word'), OFFICE_TYPES.docx],
    ['xlsx', officeZip('xl'), OFFICE_TYPES.xlsx],
    ['pptx', officeZip('ppt'), OFFICE_TYPES.pptx],
    ['zip', zipOf([['notes.txt', 'hello']]), 'application/zip'],
    ['mp4', Buffer.from('\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2', 'latin1'), 'video/mp4'],
    ['mov', Buffer.from('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00', 'latin1'), 'video/quicktime'],
    ['mp3 with ID3', Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), 'audio/mpeg'],
    ['mp3 frame', bytes(0xff, 0xfb, 0x90, 0x64, 0, 0), 'audio/mpeg'],
    ['text', Buffer.from('Week 1: introduction\nRead chapter 1.\n'), 'text/plain'],
    ['csv', Buffer.from('nim,name\n2301001,Ayu Lestari\n'), 'text/plain'],
    ['utf-8 text with BOM', Buffer.from('\uFEFFKuliah pertama – pengantar'), 'text/plain'],
    ['html', Buffer.from('  <!DOCTYPE html><html><script>alert(1)</script>'), 'text/html'],
    ['svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'application/x-msdownload'],
    ['elf', bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0), 'application/x-executable'],
    ['binary', bytes(0, 1, 2, 3, 250, 251, 252), 'application/octet-stream'],
    ['empty', Buffer.alloc(0), ''],
  ])('%s', (_name, head, expected) => {
    expect(detectContentType(head)).toBe(expected);
  });

  it('accepts text whose head ends inside a multi-byte character', () => {
    const text = Buffer.from('Pengantar – ');
    expect(detectContentType(text.subarray(0, text.length - 2))).toBe('text/plain');
  });

  it('does not take a PDF renamed from a PNG for a PDF', () => {
    expect(detectContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).not.toBe(
      'application/pdf',
    );
  });
});

describe('peekHead', () => {
  it('returns the head and still yields every byte', async () => {
    const chunks = Array.from({ length: 10 }, (_, i) => Buffer.alloc(1000, i));
    const { head, body } = await peekHead(Readable.from(chunks), 2500);
    expect(head.length).toBe(2500);
    expect(head[2499]).toBe(2);
    const all: Buffer[] = [];
    for await (const chunk of body) all.push(chunk as Buffer);
    expect(Buffer.concat(all)).toEqual(Buffer.concat(chunks));
  });

  it('handles a stream shorter than the head', async () => {
    const { head, body } = await peekHead(Readable.from([Buffer.from('abc')]), 100);
    expect(head.toString()).toBe('abc');
    const all: Buffer[] = [];
    for await (const chunk of body) all.push(chunk as Buffer);
    expect(Buffer.concat(all).toString()).toBe('abc');
  });
});

describe('loadOrCreateSigningSecret', () => {
  it('keeps one secret across calls and lets the environment win', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lms-secret-'));
    try {
      const file = join(dir, 'keys', 'blob.secret');
      const first = loadOrCreateSigningSecret(file);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(loadOrCreateSigningSecret(file)).toBe(first);
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(loadOrCreateSigningSecret(file, 'from-env')).toBe('from-env');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
