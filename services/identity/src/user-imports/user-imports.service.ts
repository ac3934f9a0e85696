import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { outboxRow, UnitOfWork } from '@lms/events';
import { importProblems } from '@lms/storage';
import { TenantsService } from '../tenants/tenants.service';
import { NO_PASSWORD } from '../users/passwords';
import { userUpsertedRow, type PublishedUser } from '../users/users.data';
import { COLUMNS, isBlank, readHeader, readRow, type RowProblem, type UserValues } from './user-rows';
import { type SheetFormat, sheetRows, UnreadableSheetError } from './user-sheet';

/** The largest users file accepted (a campus's 50 000 users fit in a few MB). */
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;
/** The most users one file may hold. */
export const MAX_IMPORTED_USERS = 50_000;
/** Usernames looked up, and users written, per statement. */
const BATCH = 1_000;
/** Imports into one campus run one at a time (with this and the campus id as the lock's key). */
const IMPORT_LOCK = 0x1d_0f11;

export type RowAction = 'create' | 'update' | 'unchanged' | 'error';

/** What an import does (or, in a dry run, would do) with one row of the file. */
export interface PlannedRow {
  row: number;
  username: string | null;
  action: RowAction;
  /** The columns an update changes. */
  changes: string[];
  problems: RowProblem[];
}

export interface ImportReport {
  id: string;
  dryRun: boolean;
  rows: PlannedRow[];
  counts: Record<RowAction, number>;
}

interface Planned extends PlannedRow {
  values?: UserValues;
  /** The user, when the campus has them already. */
  userId?: number;
  /** The classes (ids) the row places the student in that they are not in yet. */
  placeIds: number[];
}

interface Existing {
  id: string;
  username: string;
  name: string;
  email: string | null;
  level: string;
  nim: string | null;
  nidn: string | null;
}

/** The users file read row by row into what each row says (problems included), nothing kept twice. */
async function readFile(format: SheetFormat, input: Readable): Promise<Planned[]> {
  const planned: Planned[] = [];
  let columns: Map<(typeof COLUMNS)[number], number> | undefined;
  try {
    for await (const row of sheetRows(format, input)) {
      if (!columns) {
        const header = readHeader(row);
        if (!header.ok) throw importProblems(header.problems);
        columns = header.columns;
        continue;
      }
      if (isBlank(row, columns)) continue;
      if (planned.length === MAX_IMPORTED_USERS)
        throw importProblems([
          { column: 'file', reason: `a file holds at most ${MAX_IMPORTED_USERS} users` },
        ]);
      const read = readRow(row, columns);
      planned.push(
        read.ok
          ? {
              row: read.row,
              username: read.values.username,
              action: 'create',
              changes: [],
              problems: [],
              values: read.values,
              placeIds: [],
            }
          : {
              row: read.row,
              username: read.username,
              action: 'error',
              changes: [],
              problems: read.problems,
              placeIds: [],
            },
      );
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    if (error instanceof UnreadableSheetError)
      throw importProblems([{ column: 'file', reason: error.message }]);
    throw error;
  }
  if (!columns)
    throw importProblems([{ column: 'file', reason: 'the file is empty: row 1 names the columns' }]);
  if (planned.length === 0) throw importProblems([{ column: 'file', reason: 'the file holds no user' }]);
  return planned;
}

/** The campus's users of these usernames (another campus's same username is another person). */
async function existingUsers(manager: EntityManager, tenantId: number, usernames: string[]) {
  const found = new Map<string, Existing>();
  for (let start = 0; start < usernames.length; start += BATCH) {
    const rows: Existing[] = await manager.query(
      `SELECT id, username, name, email, level, nim, nidn FROM users
       WHERE tenant_id = $1 AND username = ANY($2::varchar[])`,
      [tenantId, usernames.slice(start, start + BATCH)],
    );
    for (const row of rows) found.set(row.username, row);
  }
  return found;
}

interface NamedClass {
  id: number;
  courseId: number;
  /** The course's code (or name), for a problem's reason. */
  course: string;
}

/**
 * The classes of the campus's active courses by name (lower case), from identity's projection of
 * the course service's courses: a name may be the class of several courses.
 */
async function classesByName(manager: EntityManager, tenantId: number, rows: Planned[]) {
  const names = [
    ...new Set(rows.flatMap((row) => row.values?.classes.map((name) => name.toLowerCase()) ?? [])),
  ];
  const found = new Map<string, NamedClass[]>();
  if (names.length === 0) return found;
  const classes: Array<{ id: string; name: string; course_id: string; course: string }> = await manager.query(
    `SELECT cc.id, lower(cc.name) AS name, c.id AS course_id, coalesce(c.code, c.name) AS course
       FROM course_classes cc JOIN courses c ON c.id = cc.course_id AND c.is_active
      WHERE cc.tenant_id = $1 AND lower(cc.name) = ANY($2::text[]) ORDER BY cc.id`,
    [tenantId, names],
  );
  for (const row of classes)
    found.set(row.name, [
      ...(found.get(row.name) ?? []),
      { id: Number(row.id), courseId: Number(row.course_id), course: row.course },
    ]);
  return found;
}

/** The classes each of these users is in now (identity's memberships projection). */
async function placements(manager: EntityManager, userIds: number[]) {
  const placed = new Map<number, Set<number>>();
  for (let start = 0; start < userIds.length; start += BATCH) {
    const rows: Array<{ user_id: string; class_id: string }> = await manager.query(
      `SELECT user_id, class_id FROM course_students WHERE enrolled AND user_id = ANY($1::bigint[])`,
      [userIds.slice(start, start + BATCH)],
    );
    for (const row of rows) {
      const user = Number(row.user_id);
      placed.set(user, (placed.get(user) ?? new Set()).add(Number(row.class_id)));
    }
  }
  return placed;
}

/**
 * Decides every row: create, update (with what changes: user columns, `classes` when it places
 * the student in a class they are not in yet), unchanged, or an error.
 */
async function plan(manager: EntityManager, tenantId: number, rows: Planned[]): Promise<void> {
  const usernames = [...new Set(rows.flatMap((row) => (row.values ? [row.values.username] : [])))];
  const existing = await existingUsers(manager, tenantId, usernames);
  const classes = await classesByName(manager, tenantId, rows);
  const placed = await placements(
    manager,
    [...existing.values()].map((user) => Number(user.id)),
  );
  const firstRow = new Map<string, number>();
  for (const row of rows) {
    if (!row.values) continue;
    const values = row.values;
    const earlier = firstRow.get(values.username);
    if (earlier !== undefined) {
      row.action = 'error';
      row.problems.push({
        column: 'username',
        reason: `the username '${values.username}' is on row ${earlier} too`,
      });
      continue;
    }
    firstRow.set(values.username, row.row);
    const unknown = values.classes.filter((name) => !classes.has(name.toLowerCase()));
    if (unknown.length > 0) {
      row.action = 'error';
      row.problems.push({
        column: 'classes',
        reason: `no active course of the campus has a class named ${unknown.map((name) => `'${name}'`).join(', ')}`,
      });
      continue;
    }
    const named = values.classes.flatMap((name) =>
      (classes.get(name.toLowerCase()) ?? []).map((found) => ({ ...found, name })),
    );
    const twice = named.find((one) =>
      named.some((other) => other.courseId === one.courseId && other.id !== one.id),
    );
    if (twice) {
      const other = named.find((one) => one.courseId === twice.courseId && one.id !== twice.id)!;
      row.action = 'error';
      row.problems.push({
        column: 'classes',
        reason: `'${twice.name}' and '${other.name}' are both classes of ${twice.course}: a student is in one class of a course`,
      });
      continue;
    }
    const user = existing.get(values.username);
    const now = user ? (placed.get(Number(user.id)) ?? new Set<number>()) : new Set<number>();
    row.placeIds = named.map((one) => one.id).filter((id) => !now.has(id));
    if (!user) continue;
    row.userId = Number(user.id);
    if (user.level !== 'student' && user.level !== 'lecturer') {
      row.action = 'error';
      row.problems.push({
        column: 'username',
        reason: `'${values.username}' is an operator account (${user.level}) of the campus: an import does not change it`,
      });
      continue;
    }
    row.changes = [
      ...(user.name !== values.name ? ['name'] : []),
      ...(user.email !== values.email ? ['email'] : []),
      ...(user.level !== values.role ? ['role'] : []),
      ...(user.nim !== values.nim ? ['nim'] : []),
      ...(user.nidn !== values.nidn ? ['nidn'] : []),
      ...(row.placeIds.length > 0 ? ['classes'] : []),
    ];
    row.action = row.changes.length ? 'update' : 'unchanged';
  }
}

/** Whether a row creates the user or changes one of their columns (not only their classes). */
const writesUser = (row: Planned) =>
  row.action === 'create' || (row.action === 'update' && row.changes.some((change) => change !== 'classes'));

/**
 * Writes the rows to create or update, batch by batch: each user written with its
 * `identity.user.upserted`, then each student placed in classes with `identity.user.placed`.
 */
async function write(manager: EntityManager, tenantId: number, rows: Planned[], actorId: number) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const planned = rows.slice(start, start + BATCH);
    const batch = planned.filter(writesUser).map((row) => row.values!);
    const column = (pick: (values: UserValues) => string | null) => batch.map(pick);
    const written: Array<Record<string, unknown>> = await manager.query(
      `INSERT INTO users (tenant_id, username, name, email, level, nim, nidn, password_hash)
       SELECT $1, u.username, u.name, u.email, u.level, u.nim, u.nidn, $8
       FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[])
         AS u(username, name, email, level, nim, nidn)
       ON CONFLICT (tenant_id, username) DO UPDATE SET
         name = excluded.name, email = excluded.email, level = excluded.level, nim = excluded.nim,
         nidn = excluded.nidn, updated_at = now()
       RETURNING id, tenant_id, username, name, email, thumbnail, level, active, nidn, nim, notification_email, language, updated_at`,
      [
        tenantId,
        column((values) => values.username),
        column((values) => values.name),
        column((values) => values.email),
        column((values) => values.role),
        column((values) => values.nim),
        column((values) => values.nidn),
        NO_PASSWORD,
      ],
    );
    const ids = new Map(written.map((row) => [row.username as string, Number(row.id)]));
    const placedEvents = planned.flatMap((row) =>
      row.placeIds.length === 0
        ? []
        : [
            outboxRow('identity.user.placed', {
              tenantId,
              actorId,
              key: row.userId ?? ids.get(row.values!.username)!,
              data: { userId: row.userId ?? ids.get(row.values!.username)!, classIds: row.placeIds },
            }),
          ],
    );
    const upsertedEvents = written.map((row) =>
      userUpsertedRow(
        {
          id: Number(row.id),
          tenantId: Number(row.tenant_id),
          username: row.username as string,
          name: row.name as string,
          email: row.email as string | null,
          thumbnail: row.thumbnail as string | null,
          level: row.level as PublishedUser['level'],
          active: row.active as boolean,
          nidn: row.nidn as string | null,
          nim: row.nim as string | null,
          notificationEmail: row.notification_email as string | null,
          language: row.language as PublishedUser['language'],
          updatedAt: row.updated_at as Date,
        },
        actorId,
      ),
    );
    // the batch's events in one statement: its users in order, then their placements
    const events = [...upsertedEvents, ...placedEvents];
    await manager.query(
      `INSERT INTO outbox (id, topic, type, partition_key, envelope)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::jsonb[])`,
      [
        events.map((event) => event.id),
        events.map((event) => event.topic),
        events.map((event) => event.type),
        events.map((event) => event.partitionKey),
        events.map((event) => JSON.stringify(event.envelope)),
      ],
    );
  }
}

function report(rows: Planned[], dryRun: boolean): ImportReport {
  const counts: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action]++;
  return {
    id: randomUUID(),
    dryRun,
    counts,
    rows: rows.map(({ row, username, action, changes, problems }) => ({
      row,
      username,
      action,
      changes,
      problems,
    })),
  };
}

/**
 * Bulk users of a campus from a spreadsheet: a dry run says what each row would do and changes
 * nothing; the import itself writes every row or, when any row is bad, none, in one transaction
 * with an `identity.user.upserted` per user it creates or changes. Users are matched by
 * username within the campus only: another campus's account of the same name is not touched.
 */
@Injectable()
export class UserImportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly tenants: TenantsService,
  ) {}

  /** The campus the operator manages (an lptk account its own only; another is a 404). */
  async campus(auth: AuthContext, campusId: number) {
    return (await this.tenants.managed(auth, campusId)).tenant;
  }

  /**
   * Reads the file and decides every row; a dry run stops there, an import writes the rows in the
   * same transaction that decided them (imports into one campus wait for each other).
   */
  async run(
    auth: AuthContext,
    tenantId: number,
    format: SheetFormat,
    file: Readable,
    dryRun: boolean,
  ): Promise<ImportReport> {
    const rows = await readFile(format, file);
    if (dryRun) {
      await plan(this.dataSource.manager, tenantId, rows);
      return report(rows, true);
    }
    return this.unit.run(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [IMPORT_LOCK, tenantId]);
      await plan(manager, tenantId, rows);
      const bad = rows.filter((row) => row.action === 'error');
      if (bad.length)
        throw importProblems(
          bad.flatMap((row) => row.problems.map((problem) => ({ ...problem, row: row.row }))),
        );
      const changed = rows.filter((row) => row.action === 'create' || row.action === 'update');
      await write(manager, tenantId, changed, auth.userId);
      return report(rows, false);
    });
  }
}
