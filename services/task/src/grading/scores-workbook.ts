import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A task as a column of the workbook. */
export interface WorkbookTask {
  id: number;
  name: string;
  tasksType: 'PERSONAL' | 'GROUP';
  passingGrade: number;
  /** Wire date (campus time zone) or null. */
  endAt: string | null;
}

/** A student's result on one task. */
export interface WorkbookCell {
  /** not_started | draft | sent | late (sent after the end). */
  state: 'not_started' | 'draft' | 'sent' | 'late';
  sentAt: string | null;
  group: string | null;
  /** The answer's score: the group's for a group task. */
  answerScore: number | null;
  peerMean: number | null;
  /** The student's score: their answer's, or their member score. */
  score: number | null;
}

/** One student: a cell per task the student takes (absent: the task is not for their class). */
export interface WorkbookStudent {
  number: string;
  name: string;
  className: string | null;
  results: ReadonlyMap<number, WorkbookCell>;
}

export interface ScoresWorkbook {
  course: string;
  generatedAt: string;
  tasks: readonly WorkbookTask[];
  students: Iterable<WorkbookStudent>;
}

/** Fills marking a score at or above the task's passing grade, and one below it. */
export const PASSED_FILL = 'FFC6EFCE';
export const FAILED_FILL = 'FFFFC7CE';
const HEADER_FONT = { bold: true };
const STATE_LABEL: Record<WorkbookCell['state'], string> = {
  not_started: 'not started',
  draft: 'draft',
  sent: 'sent',
  late: 'sent late',
};

const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/**
 * Writes a course's task scores as an .xlsx to `out`, streamed (exceljs's WorkbookWriter). Sheet
 * "Scores": one row per student, one column per task with the student's score (the member score
 * for a group task), green at or above the task's passing grade and red below, and the count of
 * tasks passed. With one task the sheet also has its details: group, state, when sent, the
 * group's score and the peers' mean. Sheet "Tasks": each task's type, end and passing grade.
 */
export async function writeScoresWorkbook(input: ScoresWorkbook, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'LMS';
  const detailed = input.tasks.length === 1;
  const single = input.tasks[0];
  const sheet = workbook.addWorksheet('Scores', { views: [{ state: 'frozen', ySplit: 1, xSplit: 2 }] });
  const detailColumns = detailed
    ? [
        ...(single.tasksType === 'GROUP' ? [{ header: 'Group', width: 16 }] : []),
        { header: 'State', width: 12 },
        { header: 'Sent at', width: 20 },
        ...(single.tasksType === 'GROUP'
          ? [
              { header: 'Group score', width: 12 },
              { header: 'Peer rating', width: 12 },
            ]
          : []),
      ]
    : [];
  sheet.columns = [
    { header: 'Student number', width: 18 },
    { header: 'Name', width: 30 },
    { header: 'Class', width: 12 },
    ...detailColumns,
    ...input.tasks.map((task) => {
      const header = `${task.name} (pass ≥ ${task.passingGrade})`;
      return { header, width: Math.min(40, Math.max(12, header.length + 2)) };
    }),
    { header: 'Tasks passed', width: 13 },
  ];
  sheet.getRow(1).font = HEADER_FONT;
  sheet.getRow(1).commit();
  const firstTaskColumn = 4 + detailColumns.length;

  for (const student of input.students) {
    const details: Array<string | number | null> = [];
    if (detailed) {
      const cell = student.results.get(single.id);
      if (single.tasksType === 'GROUP') details.push(cell?.group ?? '');
      details.push(cell ? STATE_LABEL[cell.state] : 'not for their class');
      details.push(cell?.sentAt ?? '');
      if (single.tasksType === 'GROUP') details.push(cell?.answerScore ?? null, cell?.peerMean ?? null);
    }
    let passed = 0;
    const scores = input.tasks.map((task) => {
      const score = student.results.get(task.id)?.score ?? null;
      if (score !== null && score >= task.passingGrade) passed += 1;
      return score;
    });
    const row = sheet.addRow([
      student.number,
      student.name,
      student.className ?? '',
      ...details,
      ...scores,
      passed,
    ]);
    input.tasks.forEach((task, n) => {
      const score = scores[n];
      if (score === null) return;
      row.getCell(firstTaskColumn + n).fill = fill(score >= task.passingGrade ? PASSED_FILL : FAILED_FILL);
    });
    row.commit();
  }
  sheet.commit();

  const about = workbook.addWorksheet('Tasks');
  about.columns = [
    { header: 'Task', width: 30 },
    { header: 'Type', width: 10 },
    { header: 'End', width: 20 },
    { header: 'Passing grade', width: 14 },
  ];
  about.getRow(1).font = HEADER_FONT;
  about.getRow(1).commit();
  for (const task of input.tasks)
    about.addRow([task.name, task.tasksType, task.endAt ?? '', task.passingGrade]).commit();
  about.addRow([]).commit();
  about.addRow(['Course', input.course]).commit();
  about.addRow(['Generated', input.generatedAt]).commit();
  about.commit();
  await workbook.commit();
}
