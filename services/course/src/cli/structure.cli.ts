import { readFile, writeFile } from 'node:fs/promises';
import type { EntityManager } from 'typeorm';
import { validateWith } from '@lms/jsonapi';
import { CliRefusal, CliUsageError, type OperatorCliContext, runOperatorCli } from '@lms/platform';
import { CourseConfig } from '../config';
import { createCourse, createFaculty, createPeriod, updatePeriod } from '../academic/academic.data';
import { courseImportTemplate, importCourses } from '../academic/course-import';
import { findCampus, findFaculty, findPeriod, lecturersNamed } from '../academic/academic.refs';
import {
  newCourseRules,
  newFacultyRules,
  newPeriodRules,
  periodChangeRules,
} from '../academic/academic.rules';
import { Course } from '../courses/course.entity';
import { Period } from '../courses/period.entity';
import { ENTITIES } from '../entities';
import { Faculty } from '../faculties/faculty.entity';
import { MIGRATIONS } from '../migrations';
import {
  COURSE_REQUEST_STATES,
  CourseRequest,
  type CourseRequestState,
} from '../requests/course-request.entity';
import { approveCourseRequest, rejectCourseRequest } from '../requests/course-requests.data';
import { rejectCourseRequestRules } from '../requests/course-requests.rules';
import { TenantProjection } from '../tenants/tenant-projection.entity';

export const USAGE = `usage: npm run structure -- <command> [options]

  periods add      --name NAME --year YEAR --type TYPE [--active]
  periods update   PERIOD [--name NAME] [--year YEAR] [--type TYPE] [--active | --inactive]
  periods list     [--json]
  faculties add    --name NAME [--code CODE]
  faculties list   [--json]
  courses add      --code CODE --name NAME --period PERIOD [--faculty FACULTY]
                   [--lecturer USERNAME…] [--class NAME…] [--description TEXT]
                   the first --lecturer is in charge, the others assist
  courses list     [--period PERIOD] [--json]
  import           FILE.xlsx [--dry-run]
                   courses from a workbook (columns as the template's): a row per course, matched
                   by its code within its period (updated) or created; any bad row imports nothing
  template         FILE.xlsx      writes the import's template
  requests list    [--state STATE] [--json]
                   lecturers' course requests (STATE: pending, approved, rejected, withdrawn)
  requests approve ID             creates the requested course, the requester its lecturer
  requests reject  ID --reason TEXT

  Every command takes --campus CAMPUS (an id or the campus's host name); it may be left out when
  the database knows one campus only. PERIOD is an id, "YEAR TYPE" (2026 GANJIL) or a period's
  name; FACULTY an id, code or name.

  The database is the course service's: DATABASE_URL as the course service reads it; unset, the
  database of \`npm start\` (PG_PORT, PG_PASSWORD as npm start reads them). Campuses and users
  come from identity (npm run campus): run the course service once after adding a campus.
  Exit codes: 0 done, 1 refused (bad value, unknown campus, unreachable database), 2 bad usage.`;

/** The flag of each attribute, for the messages of a refusal. */
const FLAGS: Record<string, string> = {
  name: '--name',
  year: '--year',
  period_type: '--type',
  is_active: '--active',
  code: '--code',
  description: '--description',
  period_id: '--period',
  faculty_id: '--faculty',
  lecturer_ids: '--lecturer',
  classes: '--class',
  reason: '--reason',
};

const OPTIONS = {
  campus: { type: 'string' },
  name: { type: 'string' },
  year: { type: 'string' },
  type: { type: 'string' },
  active: { type: 'boolean' },
  inactive: { type: 'boolean' },
  code: { type: 'string' },
  period: { type: 'string' },
  faculty: { type: 'string' },
  lecturer: { type: 'string', multiple: true },
  class: { type: 'string', multiple: true },
  description: { type: 'string' },
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  state: { type: 'string' },
  reason: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options and arguments of each command (`--campus` goes with every one). */
const COMMANDS = {
  'periods add': { options: ['name', 'year', 'type', 'active'] },
  'periods update': { options: ['name', 'year', 'type', 'active', 'inactive'], arguments: ['PERIOD'] },
  'periods list': { options: ['json'] },
  'faculties add': { options: ['name', 'code'] },
  'faculties list': { options: ['json'] },
  'courses add': { options: ['code', 'name', 'period', 'faculty', 'lecturer', 'class', 'description'] },
  'courses list': { options: ['period', 'json'] },
  import: { options: ['dry-run'], arguments: ['FILE.xlsx'] },
  template: { options: [], arguments: ['FILE.xlsx'] },
  'requests list': { options: ['state', 'json'] },
  'requests approve': { options: [], arguments: ['ID'] },
  'requests reject': { options: ['reason'], arguments: ['ID'] },
};

async function campusOf(manager: EntityManager, ref: string | undefined): Promise<TenantProjection> {
  if (ref !== undefined) {
    const campus = await findCampus(manager, ref);
    if (!campus) throw new CliRefusal(`--campus: the course service knows no campus ${ref}`);
    return campus;
  }
  const campuses = await manager.find(TenantProjection, { order: { id: 'ASC' }, take: 2 });
  if (campuses.length === 1) return campuses[0];
  throw new CliRefusal(
    campuses.length === 0
      ? '--campus: the course service knows no campus yet (add one with `npm run campus -- add`, then start the service)'
      : '--campus: the database holds several campuses; name one (its id or host name)',
  );
}

async function periodOf(manager: EntityManager, tenantId: number, ref: string): Promise<Period> {
  const period = await findPeriod(manager, tenantId, ref);
  if (!period) throw new CliRefusal(`--period: the campus has no period ${ref}`);
  return period;
}

const integer = (flag: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw new CliRefusal(`${flag}: ${text} is not a whole number`);
  return Number(text);
};

/** The id of a course request of the campus, or a refusal. */
async function requestOf(manager: EntityManager, tenantId: number, ref: string): Promise<number> {
  const id = /^\d{1,15}$/.test(ref.trim()) ? Number(ref) : null;
  if (id === null || !(await manager.existsBy(CourseRequest, { id, tenantId })))
    throw new CliRefusal(`the campus has no course request ${ref}`);
  return id;
}

const describeRequest = (request: CourseRequest) =>
  [
    request.id,
    request.state,
    request.code,
    request.name,
    request.period ? `${request.period.year} ${request.period.type}` : '-',
    request.requester?.username ?? `user ${request.requestedBy}`,
    request.classes.join(' ') || '-',
    ...(request.courseId === null ? [] : [`course ${request.courseId}`]),
    ...(request.reason === null ? [] : [request.reason]),
  ].join('\t');

const describePeriod = (period: Period) =>
  `${period.id}\t${period.year} ${period.type}\t${period.name}${period.isActive ? '\t(active)' : ''}`;
const describeFaculty = (faculty: Faculty) => `${faculty.id}\t${faculty.code ?? '-'}\t${faculty.name}`;

async function run({ command, args, values, dataSource, out }: OperatorCliContext<typeof OPTIONS>) {
  const write = <T>(work: (manager: EntityManager) => Promise<T>) => dataSource.transaction(work);
  if (command === 'template') {
    await writeFile(args[0], await courseImportTemplate());
    out(`wrote the course import template to ${args[0]}`);
    return;
  }
  const campus = await campusOf(dataSource.manager, values.campus);
  const tenantId = campus.id;
  const { manager } = dataSource;

  switch (command) {
    case 'import': {
      const content = await readFile(args[0]).catch((error: NodeJS.ErrnoException) => {
        throw new CliRefusal(
          `cannot read ${args[0]}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
        );
      });
      const dryRun = values['dry-run'] ?? false;
      const result = await importCourses(write, { tenantId, userId: null }, content, { dryRun });
      if (!result.ok)
        throw new CliRefusal(
          result.problems
            .map(
              (problem) =>
                `${args[0]}${problem.row === undefined ? '' : ` row ${problem.row}`}${problem.column ? `, ${problem.column}` : ''}: ${problem.reason}`,
            )
            .join('\n'),
        );
      const { counts, rows } = result.report;
      for (const row of rows)
        out(
          [
            `row ${row.row}`,
            row.code ?? '-',
            row.action,
            ...row.problems.map((p) => `${p.column}: ${p.reason}`),
          ].join('\t'),
        );
      const summary = `${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged`;
      if (counts.error > 0)
        throw new CliRefusal(`${counts.error} bad row(s) (${summary} once mended): nothing imported`);
      out(
        dryRun
          ? `dry run: ${summary}; nothing imported`
          : `imported: ${summary.replace(/to (create|update)/g, (_, verb: string) => `${verb}d`)}`,
      );
      return;
    }
    case 'periods list': {
      const periods = await manager.find(Period, {
        where: { tenantId },
        order: { year: 'DESC', type: 'ASC' },
      });
      if (values.json)
        out(
          JSON.stringify(
            periods.map((p) => ({
              id: p.id,
              name: p.name,
              year: p.year,
              period_type: p.type,
              is_active: p.isActive,
            })),
            null,
            2,
          ),
        );
      else if (periods.length === 0) out('no period yet: add one with `npm run structure -- periods add`');
      else for (const period of periods) out(describePeriod(period));
      return;
    }
    case 'periods add': {
      const input = validateWith(newPeriodRules, {
        name: values.name,
        year: integer('--year', values.year),
        period_type: values.type,
        is_active: values.active ?? false,
      });
      const period = await write((m) => createPeriod(m, tenantId, input));
      out(`added period ${describePeriod(period)}`);
      return;
    }
    case 'periods update': {
      if (values.active && values.inactive)
        throw new CliUsageError('--active and --inactive exclude each other');
      const changes = validateWith(periodChangeRules, {
        name: values.name,
        year: integer('--year', values.year),
        period_type: values.type,
        is_active: values.active ? true : values.inactive ? false : undefined,
      });
      if (Object.values(changes).every((value) => value === undefined))
        throw new CliUsageError('periods update needs at least one option to change');
      const period = await write(async (m) =>
        updatePeriod(m, await periodOf(m, tenantId, args[0]), changes, null),
      );
      out(`updated period ${describePeriod(period)}`);
      return;
    }
    case 'faculties list': {
      const faculties = await manager.find(Faculty, { where: { tenantId }, order: { name: 'ASC' } });
      if (values.json)
        out(
          JSON.stringify(
            faculties.map((f) => ({ id: f.id, name: f.name, code: f.code })),
            null,
            2,
          ),
        );
      else if (faculties.length === 0)
        out('no faculty yet: add one with `npm run structure -- faculties add`');
      else for (const faculty of faculties) out(describeFaculty(faculty));
      return;
    }
    case 'faculties add': {
      const input = validateWith(newFacultyRules, { name: values.name, code: values.code });
      const faculty = await write((m) => createFaculty(m, tenantId, input));
      out(`added faculty ${describeFaculty(faculty)}`);
      return;
    }
    case 'courses list': {
      const qb = manager
        .getRepository(Course)
        .createQueryBuilder('course')
        .leftJoinAndSelect('course.period', 'period')
        .leftJoinAndSelect('course.classes', 'class')
        .leftJoinAndSelect('course.lecturer', 'lecturer')
        .where('course.tenant_id = :tenantId', { tenantId })
        .orderBy('course.code')
        .addOrderBy('class.name');
      if (values.period !== undefined)
        qb.andWhere('course.period_id = :periodId', {
          periodId: (await periodOf(manager, tenantId, values.period)).id,
        });
      const courses = await qb.getMany();
      if (values.json)
        out(
          JSON.stringify(
            courses.map((c) => ({
              id: c.id,
              code: c.code,
              name: c.name,
              period_id: c.periodId,
              faculty_id: c.facultyId,
              lecturer: c.lecturer?.username ?? null,
              classes: (c.classes ?? []).map((cl) => cl.name),
            })),
            null,
            2,
          ),
        );
      else if (courses.length === 0) out('no course yet: add one with `npm run structure -- courses add`');
      else
        for (const c of courses)
          out(
            `${c.id}\t${c.code ?? '-'}\t${c.name}\t${c.period ? `${c.period.year} ${c.period.type}` : '-'}\t${c.lecturer?.username ?? '-'}\t${(c.classes ?? []).map((cl) => cl.name).join(' ')}`,
          );
      return;
    }
    case 'requests list': {
      const state = values.state?.toLowerCase();
      if (state !== undefined && !COURSE_REQUEST_STATES.some((known) => known === state))
        throw new CliRefusal(`--state: only ${COURSE_REQUEST_STATES.join(', ')} not ${values.state}`);
      const requests = await manager.find(CourseRequest, {
        where: state === undefined ? { tenantId } : { tenantId, state: state as CourseRequestState },
        relations: { period: true, requester: true },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      if (values.json)
        out(
          JSON.stringify(
            requests.map((r) => ({
              id: r.id,
              state: r.state,
              code: r.code,
              name: r.name,
              period_id: r.periodId,
              faculty_id: r.facultyId,
              classes: r.classes,
              requester: r.requester?.username ?? null,
              note: r.note,
              reason: r.reason,
              course_id: r.courseId,
            })),
            null,
            2,
          ),
        );
      else if (requests.length === 0) out(state ? `no ${state} course request` : 'no course request yet');
      else for (const request of requests) out(describeRequest(request));
      return;
    }
    case 'requests approve': {
      const request = await write(async (m) =>
        approveCourseRequest(m, { tenantId, userId: null }, await requestOf(m, tenantId, args[0])),
      );
      out(
        `approved request ${request.id}: added course ${request.courseId}\t${request.code}\t${request.name}`,
      );
      return;
    }
    case 'requests reject': {
      const { reason } = validateWith(rejectCourseRequestRules, { reason: values.reason });
      const request = await write(async (m) =>
        rejectCourseRequest(m, { tenantId, userId: null }, await requestOf(m, tenantId, args[0]), reason),
      );
      out(`rejected request ${request.id}\t${request.code}\t${request.name}`);
      return;
    }
    case 'courses add': {
      const course = await write(async (m) => {
        const period = values.period === undefined ? undefined : await periodOf(m, tenantId, values.period);
        let facultyId: number | undefined;
        if (values.faculty !== undefined) {
          const faculty = await findFaculty(m, tenantId, values.faculty);
          if (!faculty) throw new CliRefusal(`--faculty: the campus has no faculty ${values.faculty}`);
          facultyId = faculty.id;
        }
        const lecturers = await lecturersNamed(m, tenantId, values.lecturer ?? []);
        if (lecturers.problems.length > 0)
          throw new CliRefusal(
            lecturers.problems.map((problem) => `--lecturer: ${problem.detail}`).join('\n'),
          );
        const input = validateWith(newCourseRules, {
          code: values.code,
          name: values.name,
          description: values.description,
          period_id: period?.id,
          faculty_id: facultyId,
          lecturer_ids: lecturers.ids,
          classes: values.class ?? [],
        });
        return createCourse(m, { tenantId, userId: null }, input);
      });
      out(`added course ${course.id}\t${course.code}\t${course.name}`);
      return;
    }
  }
}

/**
 * `npm run structure -- …`: builds the academic structure of a campus in the course service's
 * database, as the admin API does (the same rules, the same events through the outbox, which the
 * running service publishes). Answers the exit code.
 */
export function structureCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  return runOperatorCli(
    {
      name: 'structure',
      service: 'course',
      database: "the course service's database",
      usage: USAGE,
      options: OPTIONS,
      commands: COMMANDS,
      common: ['campus'],
      flags: FLAGS,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      databaseUrl: CourseConfig.databaseUrlFromEnv,
      run,
    },
    argv,
    env,
    out,
    err,
  );
}
