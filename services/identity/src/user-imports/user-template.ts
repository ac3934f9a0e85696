import ExcelJS from 'exceljs';
import { COLUMNS } from './user-rows';
import type { SheetFormat } from './user-sheet';

/** Two example users, which a template imports as they are (into a campus that lacks them). */
const EXAMPLES: Array<Record<(typeof COLUMNS)[number], string>> = [
  {
    username: '',
    name: 'Siti Rahmawati',
    email: 'siti.rahmawati@students.example.ac.id',
    role: 'student',
    nim: '2201001',
    nidn: '',
    classes: '',
  },
  {
    username: 'budi.santoso',
    name: 'Budi Santoso',
    email: 'budi.santoso@example.ac.id',
    role: 'lecturer',
    nim: '',
    nidn: '0011223344',
    classes: '',
  },
];

const INSTRUCTIONS = [
  'One user per row of the first sheet; row 1 names the columns (any order).',
  'name and role are required; role is student (mahasiswa) or lecturer (dosen).',
  'A student needs a nim, a lecturer a nidn; username defaults to that number.',
  'email is optional; it is where a password reset is sent.',
  'classes is optional, for students: class names separated by commas (TI-1A, TI-1B); the student joins the class of that name in every active course that has one.',
  'A username that exists on the campus updates that user; imported users set their password through "Forgot password".',
];

export const TEMPLATES = {
  xlsx: {
    file: 'users-template.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  csv: { file: 'users-template.csv', contentType: 'text/csv; charset=utf-8' },
} as const;

const csvCell = (text: string) => (/[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The template of a format: the columns, the example users and (in the workbook) the rules. */
export async function userTemplate(format: SheetFormat): Promise<Buffer> {
  if (format === 'csv')
    return Buffer.from(
      [COLUMNS.join(','), ...EXAMPLES.map((row) => COLUMNS.map((column) => csvCell(row[column])).join(','))]
        .map((line) => `${line}\r\n`)
        .join(''),
    );
  const workbook = new ExcelJS.Workbook();
  const users = workbook.addWorksheet('Users');
  users.columns = COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === 'email' ? 36 : 18,
  }));
  users.getRow(1).font = { bold: true };
  // numbers stay text: a nim such as 0011223344 keeps its leading zeros
  for (const column of ['nim', 'nidn', 'username']) users.getColumn(column).numFmt = '@';
  for (const example of EXAMPLES) users.addRow(example);
  const help = workbook.addWorksheet('Instructions');
  for (const line of INSTRUCTIONS) help.addRow([line]);
  help.getColumn(1).width = 100;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
