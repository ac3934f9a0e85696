/**
 * What a users file says, row by row: its columns (found by their header in row 1, in any
 * order, case and spaces ignored) and each row read into a user or into its problems, each
 * naming its column. Nothing here looks at the database.
 *
 * | column     | required                          | what                                        |
 * | ---------- | --------------------------------- | ------------------------------------------- |
 * | `username` | no: the nim (students) or nidn    | sign-in name, matched on re-import          |
 * | `name`     | yes                               | full name                                   |
 * | `email`    | no                                | e-mail address (password reset)             |
 * | `role`     | yes                               | `student` / `mahasiswa`, `lecturer` / `dosen` |
 * | `nim`      | students                          | student number                              |
 * | `nidn`     | lecturers                         | lecturer number                             |
 * | `classes`  | no (students only)                | class names, `,` or `;` between them        |
 *
 * A class name places the student in the class of that name of every active course of the
 * campus that has one (a cohort's class, `TI-1A`, takes all its courses), as the import decides.
 */
import { normalizeUsername } from '@lms/auth';
import type { SheetRow } from './user-sheet';

export const COLUMNS = ['username', 'name', 'email', 'role', 'nim', 'nidn', 'classes'] as const;
export type Column = (typeof COLUMNS)[number];

/** Roles an import gives; operator accounts (`admin`, `lptk`) are never imported. */
export type ImportedRole = 'student' | 'lecturer';

const ROLE_NAMES: Record<string, ImportedRole> = {
  student: 'student',
  mahasiswa: 'student',
  lecturer: 'lecturer',
  dosen: 'lecturer',
};

/** Sign-in names: letters, digits and `. _ - @ +`, as NIMs, NIDNs and e-mail addresses are. */
const USERNAME = /^[a-z0-9][a-z0-9._@+-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^[A-Za-z0-9.-]+$/;

/** A user as one row of the file describes them. */
export interface UserValues {
  username: string;
  name: string;
  email: string | null;
  role: ImportedRole;
  nim: string | null;
  nidn: string | null;
  /** Class names, as written (case kept), each once. */
  classes: string[];
}

/** The longest class name (the course service's). */
const CLASS_NAME_MAX = 100;

export interface RowProblem {
  /** The column the problem is in (`file` for the file as a whole). */
  column: Column | 'file';
  reason: string;
}

export type ReadRow =
  | { row: number; ok: true; values: UserValues }
  | { row: number; ok: false; username: string | null; problems: RowProblem[] };

/** The columns of the header row, by name; or what is wrong with it. */
export function readHeader(
  header: SheetRow,
): { ok: true; columns: Map<Column, number> } | { ok: false; problems: RowProblem[] } {
  const columns = new Map<Column, number>();
  const problems: RowProblem[] = [];
  header.cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase().replace(/\s+/g, '_');
    if (!name) return;
    if (!(COLUMNS as readonly string[]).includes(name)) {
      problems.push({
        column: 'file',
        reason: `row 1 has the unknown column '${cell.trim()}' (the columns are ${COLUMNS.join(', ')})`,
      });
    } else if (columns.has(name as Column)) {
      problems.push({ column: name as Column, reason: `row 1 has the column '${name}' twice` });
    } else columns.set(name as Column, index);
  });
  for (const required of ['name', 'role'] as const)
    if (!columns.has(required))
      problems.push({ column: required, reason: `row 1 lacks the column '${required}'` });
  return problems.length ? { ok: false, problems } : { ok: true, columns };
}

/** Whether a row has nothing in any of the known columns (skipped, as spreadsheets end in them). */
export function isBlank(row: SheetRow, columns: Map<Column, number>): boolean {
  for (const index of columns.values()) if (row.cells[index]) return false;
  return true;
}

/** One row of the file: the user it describes, or every problem of it. */
export function readRow(row: SheetRow, columns: Map<Column, number>): ReadRow {
  const cell = (column: Column) => {
    const index = columns.get(column);
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const problems: RowProblem[] = [];
  const problem = (column: Column, reason: string) => problems.push({ column, reason });

  const name = cell('name').replace(/\s+/g, ' ');
  if (!name) problem('name', 'the name is empty');
  else if (name.length > 200) problem('name', 'the name is longer than 200 characters');

  const roleText = cell('role');
  const role = ROLE_NAMES[roleText.toLowerCase()];
  if (!roleText) problem('role', 'the role is empty (student or lecturer)');
  else if (!role)
    problem(
      'role',
      ['admin', 'lptk'].includes(roleText.toLowerCase())
        ? `'${roleText}' accounts are not imported (student or lecturer)`
        : `'${roleText}' is not a role (student or lecturer)`,
    );

  const number = (column: 'nim' | 'nidn', owner: ImportedRole) => {
    const value = cell(column);
    if (!value) {
      if (role === owner) problem(column, `a ${owner} needs a ${column}`);
      return null;
    }
    if (role && role !== owner) problem(column, `only a ${owner} has a ${column}`);
    else if (value.length > 32) problem(column, `the ${column} is longer than 32 characters`);
    else if (!NUMBER.test(value))
      problem(column, `the ${column} '${value}' has characters other than letters and digits`);
    return value;
  };
  const nim = number('nim', 'student');
  const nidn = number('nidn', 'lecturer');

  const email = cell('email').toLowerCase() || null;
  if (email && (email.length > 254 || !EMAIL.test(email)))
    problem('email', `'${cell('email')}' is not an e-mail address`);

  const classes: string[] = [];
  for (const part of cell('classes').split(/[,;]/)) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (!name || classes.some((known) => known.toLowerCase() === name.toLowerCase())) continue;
    if (name.length > CLASS_NAME_MAX)
      problem(
        'classes',
        `the class name '${name.slice(0, 20)}…' is longer than ${CLASS_NAME_MAX} characters`,
      );
    classes.push(name);
  }
  if (classes.length > 0 && role === 'lecturer')
    problem('classes', 'only a student is placed in classes (a lecturer teaches courses: npm run structure)');

  const given = cell('username');
  const username = normalizeUsername(given || (role === 'lecturer' ? (nidn ?? '') : (nim ?? '')));
  if (!given) {
    if (!username && role)
      problem('username', `the username is empty and so is the ${role === 'lecturer' ? 'nidn' : 'nim'}`);
    else if (!username) problem('username', 'the username is empty');
  } else if (username.length > 100) problem('username', 'the username is longer than 100 characters');
  else if (!USERNAME.test(username))
    problem('username', `the username '${given}' may hold letters, digits and . _ - @ + only`);

  if (problems.length) return { row: row.row, ok: false, username: username || null, problems };
  return { row: row.row, ok: true, values: { username, name, email, role: role!, nim, nidn, classes } };
}
