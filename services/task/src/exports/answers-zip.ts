import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { StoredFile } from '@lms/storage';

/** One student's or group's answer as a folder of the zip. */
export interface AnswerFolder {
  /** Whose it is: the student's name and number, or the group's name. */
  name: string;
  /** The answer's text (sanitized rich text, HTML), or null when it has none. */
  text: string | null;
  files: readonly StoredFile[];
}

export interface AnswersZip {
  /** The task's name, the title of each answer.html. */
  taskName: string;
  /** The summary workbook at the zip's root. */
  summary: { filename: string; write(out: Writable): Promise<void> };
  folders: AsyncIterable<AnswerFolder>;
  /** Whether a file is still stored (one that is not is listed in MISSING FILES.txt instead). */
  exists(file: StoredFile): Promise<boolean>;
  /** Opens a stored file, when the zip reaches it. */
  open(file: StoredFile): Promise<Readable>;
}

/** Already compressed: stored as they are (deflating them again only costs time). */
const COMPRESSED =
  /^(application\/(pdf|zip|gzip|x-7z-compressed|vnd\.openxmlformats|vnd\.oasis\.opendocument)|image\/(png|jpeg|gif|webp)|video\/|audio\/)/;

/**
 * A name safe as one path segment of a zip on every system: no separators, control or reserved
 * characters (`\/:*?"<>|`), no dots or spaces at the ends, at most 100 characters; `fallback` if
 * nothing is left.
 */
export function segmentOf(name: string, fallback: string): string {
  const clean = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return [...clean].slice(0, 100).join('').trim() || fallback;
}

/** Hands out names unique within one folder (case-insensitive): `a.pdf`, `a (2).pdf`, … */
export function uniqueNames() {
  const taken = new Set<string>();
  return (name: string): string => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** answer.html: the answer's text as a page that opens in any browser. */
const answerPage = (title: string, html: string) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${html}\n</body></html>\n`;

/**
 * Writes the zip of a task's answers into `out` as it goes (nothing held whole in memory): the
 * summary workbook at the root, then a folder per answer with its files under their own names and
 * its text as answer.html. Files are opened one at a time, when the zip reaches them. Answers how
 * many folders it wrote.
 */
export async function writeAnswersZip(input: AnswersZip, out: Writable): Promise<number> {
  const zip = new ZipFile();
  const failed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  const written = pipeline(zip.outputStream as Readable, out);
  const mtime = new Date();

  zip.addReadStreamLazy(input.summary.filename, { mtime }, (done) => {
    const stream = new PassThrough();
    input.summary.write(stream).then(
      () => stream.end(),
      (error: unknown) => stream.destroy(error as Error),
    );
    done(null, stream);
  });

  const folderName = uniqueNames();
  let count = 0;
  for await (const folder of input.folders) {
    const base = folderName(segmentOf(folder.name, 'answer'));
    const fileName = uniqueNames();
    const missing: string[] = [];
    if (folder.text !== null)
      zip.addBuffer(
        Buffer.from(answerPage(`${input.taskName} — ${folder.name}`, folder.text)),
        `${base}/${fileName('answer.html')}`,
        { mtime },
      );
    for (const file of folder.files) {
      if (!(await input.exists(file))) {
        missing.push(file.name);
        continue;
      }
      zip.addReadStreamLazy(
        `${base}/${fileName(segmentOf(file.name, 'file'))}`,
        { mtime, compress: !COMPRESSED.test(file.mime) },
        (done) => {
          input.open(file).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, undefined as unknown as Readable),
          );
        },
      );
    }
    if (missing.length > 0)
      zip.addBuffer(
        Buffer.from(`These files of the answer are no longer stored:\n${missing.join('\n')}\n`),
        `${base}/${fileName('MISSING FILES.txt')}`,
        { mtime },
      );
    if (folder.text === null && folder.files.length === 0) zip.addEmptyDirectory(base, { mtime });
    count++;
  }
  zip.end();
  await Promise.race([written, failed]);
  return count;
}
