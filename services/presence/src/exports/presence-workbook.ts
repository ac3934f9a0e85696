import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRESENCE_TYPES, type PresenceType } from '../sessions/presence.entity';

/** The spec's labels of the five marks (spec 03 §3). */
export const TYPE_LABELS: Record<PresenceType, string> = {
  attend: 'Present',
  sick: 'Sick',
  absent: 'Absent',
  leave: 'Leave',
  other: 'Other',
};

/** A session as a column of the recap. */
export interface RecapSession {
  id: number;
  /** Its act code, or its start (wire date) when it has none. */
  label: string;
}

/** A student's row: their mark in each session (absent: unmarked). */
export interface RecapStudent {
  code: string;
  name: string;
  marks: ReadonlyMap<number, PresenceType>;
}

export interface RecapWorkbook {
  title: string;
  generatedAt: string;
  sessions: readonly RecapSession[];
  students: readonly RecapStudent[];
}

/** A student's total of each mark and its share of the sessions (percent, two decimals). */
export function recapTotals(student: RecapStudent, sessionCount: number) {
  return PRESENCE_TYPES.map((type) => {
    const total = [...student.marks.values()].filter((mark) => mark === type).length;
    const percent = sessionCount === 0 ? 0 : Math.round((total / sessionCount) * 10_000) / 100;
    return { type, total, percent };
  });
}

const HEADER_FONT = { bold: true };

/**
 * Writes the attendance of a class (or of one session: a recap with one column) as .xlsx to
 * `out`: sheet "Presence", one row per student, one column per session with the student's mark
 * (blank: unmarked), then per mark its total and its percentage of the sessions; a last row
 * counts those present in each session.
 */
export async function writeRecapWorkbook(input: RecapWorkbook, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'LMS';
  const sheet = workbook.addWorksheet('Presence', { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  sheet.columns = [
    { header: 'No', width: 5 },
    { header: 'Student number', width: 18 },
    { header: 'Name', width: 30 },
    ...input.sessions.map((session) => ({
      header: session.label,
      width: Math.max(10, session.label.length + 2),
    })),
    ...PRESENCE_TYPES.flatMap((type) => [
      { header: TYPE_LABELS[type], width: 9 },
      { header: `${TYPE_LABELS[type]} %`, width: 10 },
    ]),
  ];
  sheet.getRow(1).font = HEADER_FONT;
  sheet.getRow(1).commit();
  input.students.forEach((student, n) => {
    sheet
      .addRow([
        n + 1,
        student.code,
        student.name,
        ...input.sessions.map((session) => {
          const mark = student.marks.get(session.id);
          return mark ? TYPE_LABELS[mark] : '';
        }),
        ...recapTotals(student, input.sessions.length).flatMap(({ total, percent }) => [total, percent]),
      ])
      .commit();
  });
  const present = sheet.addRow([
    '',
    '',
    TYPE_LABELS.attend,
    ...input.sessions.map(
      (session) => input.students.filter((student) => student.marks.get(session.id) === 'attend').length,
    ),
  ]);
  present.font = HEADER_FONT;
  present.commit();
  sheet.commit();

  const about = workbook.addWorksheet('About');
  about.addRow(['Class', input.title]).commit();
  about.addRow(['Sessions', input.sessions.length]).commit();
  about.addRow(['Students', input.students.length]).commit();
  about.addRow(['Generated', input.generatedAt]).commit();
  about.commit();
  await workbook.commit();
}
