import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One reply as a row of the workbook, in reading order (each reply before its replies). */
export interface WorkbookReply {
  /** Its place in reading order, from 1. */
  number: number;
  depth: number;
  /** The number of the reply it answers; null for a reply to the thread. */
  answers: number | null;
  author: string;
  username: string;
  isStaff: boolean;
  /** Wire dates (campus time zone). */
  postedAt: string;
  editedAt: string | null;
  state: 'shown' | 'hidden' | 'deleted';
  /** Plain text of the reply (libs/richtext `plainTextOf`). */
  text: string;
  files: string[];
}

export interface ThreadWorkbook {
  course: string;
  activity: string | null;
  title: string;
  author: string | null;
  createdAt: string;
  text: string;
  locked: boolean;
  hidden: boolean;
  generatedAt: string;
  replies: Iterable<WorkbookReply>;
}

const HEADER_FONT = { bold: true };

/**
 * Writes a thread as an .xlsx to `out`, streamed (exceljs's WorkbookWriter). Sheet "Replies": one
 * row per reply in reading order — number, depth (its text indented by it), the number of the
 * reply it answers, author, username, staff or not, posted and edited times, state, text, files.
 * Sheet "Thread": the thread itself (course, activity, title, author, time, text, state).
 */
export async function writeThreadWorkbook(input: ThreadWorkbook, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'LMS';
  const sheet = workbook.addWorksheet('Replies', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'No.', width: 6 },
    { header: 'Depth', width: 7 },
    { header: 'In reply to', width: 11 },
    { header: 'Author', width: 28 },
    { header: 'Username', width: 16 },
    { header: 'Staff', width: 7 },
    { header: 'Posted at', width: 20 },
    { header: 'Edited at', width: 20 },
    { header: 'State', width: 9 },
    { header: 'Text', width: 80 },
    { header: 'Files', width: 30 },
  ];
  sheet.getRow(1).font = HEADER_FONT;
  sheet.getRow(1).commit();
  for (const reply of input.replies) {
    const row = sheet.addRow([
      reply.number,
      reply.depth,
      reply.answers ?? '',
      reply.author,
      reply.username,
      reply.isStaff ? 'yes' : 'no',
      reply.postedAt,
      reply.editedAt ?? '',
      reply.state,
      reply.text,
      reply.files.join(', '),
    ]);
    row.getCell(10).alignment = { wrapText: true, vertical: 'top', indent: reply.depth - 1 };
    row.commit();
  }
  sheet.commit();

  const about = workbook.addWorksheet('Thread');
  about.columns = [{ width: 14 }, { width: 90 }];
  const facts: Array<[string, string]> = [
    ['Course', input.course],
    ['Activity', input.activity ?? 'Introductions'],
    ['Title', input.title],
    ['Started by', input.author ?? ''],
    ['Started at', input.createdAt],
    ['State', [input.locked ? 'locked' : 'open', ...(input.hidden ? ['hidden'] : [])].join(', ')],
    ['Exported at', input.generatedAt],
    ['Text', input.text],
  ];
  for (const [name, value] of facts) {
    const row = about.addRow([name, value]);
    row.getCell(1).font = HEADER_FONT;
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  }
  about.commit();
  await workbook.commit();
}
