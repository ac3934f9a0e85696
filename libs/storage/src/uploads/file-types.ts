import { detectContentType } from '../content-type';

/**
 * The documents students and staff hand in (a task, an answer, a comment, a logbook entry), by the
 * type found in the file's first bytes (never by its name or the browser's claim), with the name a
 * refusal lists it under. A caller of {@link FileUploads} passes this set or its own.
 */
export const DOCUMENT_FILE_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (docx)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (xlsx)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint (pptx)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text (odt)',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet (ods)',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation (odp)',
  'text/plain': 'text',
  'text/markdown': 'Markdown',
  'application/zip': 'ZIP',
};

/** The OpenDocument types, named by the `mimetype` entry their archive starts with (ISO 26300 §3.3). */
const OPEN_DOCUMENT = [
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
];

/**
 * The media type of a file from its first bytes ({@link detectContentType} of @lms/storage),
 * refined where the bytes alone leave it open: an OpenDocument archive (a ZIP whose first,
 * stored entry `mimetype` holds its type) and Markdown (text whose name ends in `.md`).
 */
export function sniffDocument(head: Buffer, name: string): string {
  const detected = detectContentType(head);
  if (detected === 'application/zip') {
    // The first local header: 30 bytes, the name, the extra field, then the stored content.
    if (head.length >= 30 && head.readUInt32LE(0) === 0x04034b50) {
      const nameLength = head.readUInt16LE(26);
      const extraLength = head.readUInt16LE(28);
      const entry = head.subarray(30, 30 + nameLength).toString('latin1');
      const size = head.readUInt32LE(18);
      const at = 30 + nameLength + extraLength;
      if (entry === 'mimetype' && size > 0 && size < 100 && at + size <= head.length) {
        const type = head.subarray(at, at + size).toString('latin1');
        if (OPEN_DOCUMENT.includes(type)) return type;
      }
    }
    return detected;
  }
  if (detected === 'text/plain' && /\.(md|markdown)$/i.test(name.trim())) return 'text/markdown';
  return detected;
}
