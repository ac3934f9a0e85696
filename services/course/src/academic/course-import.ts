/**
 * Courses of a campus from a spreadsheet (.xlsx): one course per row of the sheet 'Courses' (or
 * the first sheet), columns found by their header in row 1, in any order:
 *
 * | code | name | period | faculty | lecturers | classes | description |
 *
 * `period` is a period's id, `YEAR TYPE` or name; `faculty` a faculty's id, code or name;
 * `lecturers` usernames (the first in charge), `classes` class names, each list separated by
 * commas or semicolons. A row matches the course of its period with its code: that course is
 * updated (name, and what the row's other cells give), others are created, so a second import of
 * one file changes nothing. Every problem of every row is reported with the row number the
 * spreadsheet shows, and a file with any bad row imports nothing; a dry run reports what an
 * import would do, row by row, and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { EntityManager } from 'typeorm';
import { JsonApiException, validateWith } from '@lms/jsonapi';
import { cellText, loadWorkbook, UnreadableWorkbookError } from '@lms/storage';
import { Course } from '../courses/course.entity';
import { courseIssues, type CourseInput, createCourse, updateCourse, type Writer } from './academic.data';
import { findFaculty, findPeriod, lecturersNamed, splitNames } from './academic.refs';
import { newCourseRules } from './academic.rules';

export const SHEET_NAME = 'Courses';
export const COLUMNS = ['code', 'name', 'period', 'faculty', 'lecturers', 'classes', 'description'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: Column[] = ['code', 'name', 'period'];
/** More rows than a campus has courses in a semester, fewer than would hold a transaction for long. */
export const MAX_IMPORTED_ROWS = 2000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** A courses workbook unpacks to at most this much. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** A row's cells as the API's attributes; its period is found by name, not given as an id. */
const ROW_RULES = newCourseRules.omit({ campus_id: true, period_id: true });

/** The column of each attribute of the rules, for a problem found by them. */
const COLUMN_OF: Record<string, Column> = {
  code: 'code',
  name: 'name',
  period_id: 'period',
  faculty_id: 'faculty',
  lecturer_ids: 'lecturers',
  classes: 'classes',
  description: 'description',
};

export interface ImportProblem {
  /** The row as the spreadsheet numbers it (1 is the header); absent for the file as a whole. */
  row?: number;
  column?: Column;
  reason: string;
}

/** What a row did, or in a dry run would do: `error` with its problems when it is bad. */
export interface ImportedRow {
  row: number;
  code: string | null;
  action: 'create' | 'update' | 'unchanged' | 'error';
  /** The course made or matched; null for one a dry run would create, or a bad row. */
  course_id: number | null;
  problems: Array<{ column: string; reason: string }>;
}

export interface CourseImportReport {
  id: string;
  dryRun: boolean;
  counts: Record<ImportedRow['action'], number>;
  rows: ImportedRow[];
}

/** File-level problems (not a workbook, a column missing), or the report of its rows. */
export type CourseImport =
  { ok: true; report: CourseImportReport } | { ok: false; problems: ImportProblem[] };

type SheetRow = { row: number } & Record<Column, string>;

/** The rows of the workbook with text in them, or what keeps it from being read. */
async function readSheet(content: Buffer): Promise<{ rows: SheetRow[]; problems: ImportProblem[] }> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await loadWorkbook(content, MAX_INFLATED_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], problems: [{ reason: error.message }] };
  }
  const sheet = workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) return { rows: [], problems: [{ reason: 'the workbook has no sheet' }] };
  const header = new Map<Column, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const name = cellText(cell.value).trim().toLowerCase().replace(/\s+/g, '_');
    if ((COLUMNS as readonly string[]).includes(name)) header.set(name as Column, column);
  });
  const missing = REQUIRED.filter((column) => !header.has(column));
  if (missing.length > 0)
    return {
      rows: [],
      problems: missing.map((column) => ({ row: 1, column, reason: 'the column is missing' })),
    };
  const rows: SheetRow[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const cells = sheet.getRow(number);
    const row = { row: number } as SheetRow;
    for (const column of COLUMNS) {
      const at = header.get(column);
      row[column] = at === undefined ? '' : cellText(cells.getCell(at).value).trim();
    }
    if (COLUMNS.some((column) => row[column] !== '')) rows.push(row);
  }
  if (rows.length === 0)
    return { rows, problems: [{ reason: 'the sheet holds no course below its header row' }] };
  if (rows.length > MAX_IMPORTED_ROWS)
    return {
      rows: [],
      problems: [{ reason: `the sheet holds ${rows.length} courses, more than ${MAX_IMPORTED_ROWS}` }],
    };
  return { rows, problems: [] };
}

/** A checked row: what to write, and the course it updates (null: a new one). */
interface PlannedRow {
  sheet: SheetRow;
  input: CourseInput;
  existing: Course | null;
}

/** Checks one row against the campus; its plan, or its problems. */
async function planRow(
  manager: EntityManager,
  tenantId: number,
  sheet: SheetRow,
): Promise<{ plan?: PlannedRow; key?: string; problems: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  const problem = (column: Column, reason: string) => problems.push({ row: sheet.row, column, reason });
  const period = sheet.period === '' ? null : await findPeriod(manager, tenantId, sheet.period);
  if (sheet.period === '') problem('period', 'the period is required');
  else if (!period) problem('period', `the campus has no period ${sheet.period}`);
  const faculty = sheet.faculty === '' ? null : await findFaculty(manager, tenantId, sheet.faculty);
  if (sheet.faculty !== '' && !faculty) problem('faculty', `the campus has no faculty ${sheet.faculty}`);
  // Which course of the campus the row names, for two rows naming one.
  const key = period && sheet.code !== '' ? `${period.id}:${sheet.code}` : undefined;
  const lecturers = await lecturersNamed(manager, tenantId, splitNames(sheet.lecturers));
  for (const { detail } of lecturers.problems) problem('lecturers', detail);
  const attributes = {
    code: sheet.code,
    name: sheet.name,
    ...(faculty ? { faculty_id: faculty.id } : {}),
    ...(sheet.lecturers === '' ? {} : { lecturer_ids: lecturers.ids }),
    ...(sheet.classes === ''
      ? {}
      : {
          classes: sheet.classes
            .split(/[,;]/)
            .map((name) => name.trim())
            .filter((name) => name !== ''),
        }),
    ...(sheet.description === '' ? {} : { description: sheet.description }),
  };
  let input: CourseInput;
  try {
    input = { ...validateWith(ROW_RULES, attributes), period_id: period?.id ?? 0 };
  } catch (error) {
    if (!(error instanceof JsonApiException)) throw error;
    for (const issue of error.errors) {
      const attribute = issue.source?.pointer?.split('/')[3] ?? '';
      problem(COLUMN_OF[attribute] ?? 'code', issue.detail);
    }
    return { key, problems };
  }
  if (!period || problems.length > 0) return { key, problems };
  const existing = await manager
    .getRepository(Course)
    .createQueryBuilder('course')
    .where('course.tenant_id = :tenantId AND course.period_id = :periodId AND course.code = :code', {
      tenantId,
      periodId: period.id,
      code: input.code,
    })
    .orderBy('course.is_from_six', 'DESC')
    .addOrderBy('course.id')
    .getOne();
  for (const issue of await courseIssues(manager, tenantId, input, existing))
    problem(COLUMN_OF[issue.field], issue.detail);
  return problems.length > 0 ? { key, problems } : { plan: { sheet, input, existing }, key, problems };
}

/** Thrown to roll back a dry run, or an import with a bad row, once every row was tried. */
class RolledBack extends Error {
  constructor(readonly report: CourseImportReport) {
    super('rolled back');
  }
}

/**
 * Imports the workbook's courses into the campus in one transaction: every good row is written
 * (so its action is exact), then the whole is rolled back in a dry run or when any row is bad.
 */
export async function importCourses(
  transaction: <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>,
  writer: Writer,
  content: Buffer,
  options: { dryRun: boolean },
): Promise<CourseImport> {
  const sheet = await readSheet(content);
  if (sheet.problems.length > 0) return { ok: false, problems: sheet.problems };
  try {
    const report = await transaction(async (manager) => {
      // Two imports of a campus run one after the other: each sees what the other wrote.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `course-import:${writer.tenantId}`,
      ]);
      const rows: ImportedRow[] = [];
      const seen = new Map<string, number>();
      for (const sheetRow of sheet.rows) {
        const checked = await planRow(manager, writer.tenantId, sheetRow);
        const { plan, key } = checked;
        const first = key === undefined ? undefined : seen.get(key);
        if (first !== undefined)
          checked.problems.push({
            row: sheetRow.row,
            column: 'code',
            reason: `row ${first} has the course ${sheetRow.code} of this period already`,
          });
        else if (key !== undefined) seen.set(key, sheetRow.row);
        const row: ImportedRow = {
          row: sheetRow.row,
          code: sheetRow.code || null,
          action: 'error',
          course_id: null,
          problems: checked.problems.map((problem) => ({
            column: problem.column ?? 'file',
            reason: problem.reason,
          })),
        };
        rows.push(row);
        if (!plan || row.problems.length > 0) continue;
        const done = plan.existing
          ? await updateCourse(manager, writer, plan.existing, plan.input)
          : { course: await createCourse(manager, writer, plan.input), changed: true };
        row.action = plan.existing ? (done.changed ? 'update' : 'unchanged') : 'create';
        row.course_id = plan.existing || !options.dryRun ? done.course.id : null;
      }
      const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
      for (const row of rows) counts[row.action] += 1;
      const report: CourseImportReport = { id: randomUUID(), dryRun: options.dryRun, counts, rows };
      if (options.dryRun || counts.error > 0) throw new RolledBack(report);
      return report;
    });
    return { ok: true, report };
  } catch (error) {
    if (error instanceof RolledBack) return { ok: true, report: error.report };
    throw error;
  }
}

/** The import template: the header row, an example row, and a sheet that explains each column. */
export async function courseImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === 'name' ? 32 : 18,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    code: 'IF101',
    name: 'Algoritma dan Pemrograman',
    period: '2026 GANJIL',
    faculty: 'FT',
    lecturers: 'dosen.ani, dosen.budi',
    classes: 'IF101-A, IF101-B',
    description: '',
  });
  const help = workbook.addWorksheet('Help');
  help.columns = [
    { header: 'column', width: 14 },
    { header: 'what it holds', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const row of [
    [
      'code',
      'Required. The course code, unique within its period: a row with the code of a course of the period updates it.',
    ],
    ['name', 'Required. The course name.'],
    [
      'period',
      'Required. The period: its id, YEAR TYPE (2026 GANJIL) or its name, as npm run structure -- periods list shows.',
    ],
    ['faculty', 'Optional. The faculty: its id, code or name.'],
    [
      'lecturers',
      'Optional. Usernames of active lecturers, separated by commas; the first is in charge, the others assist. Given, they replace the staff.',
    ],
    [
      'classes',
      'Optional. Class names separated by commas; the classes the course lacks are created, none is removed.',
    ],
    ['description', 'Optional. The course description.'],
  ])
    help.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
