/**
 * How people name the structure outside the API (the command line, a spreadsheet): a campus by id
 * or host name, a period by id, `YEAR TYPE` or name, a faculty by id, code or name, a lecturer by
 * username.
 */
import type { EntityManager } from 'typeorm';
import { Period } from '../courses/period.entity';
import { Faculty } from '../faculties/faculty.entity';
import { TenantProjection } from '../tenants/tenant-projection.entity';

const ID = /^\d{1,15}$/;
const YEAR_TYPE = /^(\d{4})[\s/_-]+([A-Za-z0-9_-]+)$/;

export async function findCampus(manager: EntityManager, ref: string): Promise<TenantProjection | null> {
  const text = ref.trim().toLowerCase();
  return ID.test(text)
    ? manager.findOneBy(TenantProjection, { id: Number(text) })
    : manager.findOneBy(TenantProjection, { domain: text });
}

/** The period of the campus so named; null when none (or several names match). */
export async function findPeriod(
  manager: EntityManager,
  tenantId: number,
  ref: string,
): Promise<Period | null> {
  const text = ref.trim();
  const qb = manager
    .getRepository(Period)
    .createQueryBuilder('period')
    .where('period.tenant_id = :tenantId', {
      tenantId,
    });
  const yearType = YEAR_TYPE.exec(text);
  if (ID.test(text)) qb.andWhere('period.id = :id', { id: Number(text) });
  else if (yearType)
    qb.andWhere('period.year = :year AND upper(period.type) = :type', {
      year: Number(yearType[1]),
      type: yearType[2].toUpperCase(),
    });
  else qb.andWhere('lower(period.name) = lower(:name)', { name: text });
  const found = await qb.limit(2).getMany();
  return found.length === 1 ? found[0] : null;
}

/** The faculty of the campus so named (id, code or name, case aside); null when none. */
export async function findFaculty(
  manager: EntityManager,
  tenantId: number,
  ref: string,
): Promise<Faculty | null> {
  const text = ref.trim();
  const qb = manager
    .getRepository(Faculty)
    .createQueryBuilder('faculty')
    .where('faculty.tenant_id = :tenantId', {
      tenantId,
    });
  if (ID.test(text)) qb.andWhere('faculty.id = :id', { id: Number(text) });
  else qb.andWhere('(lower(faculty.code) = lower(:text) OR lower(faculty.name) = lower(:text))', { text });
  const found = await qb.limit(2).getMany();
  return found.length === 1 ? found[0] : null;
}

/** Usernames as a list: separated by commas, semicolons or white space. */
export const splitNames = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * The user ids of these usernames in the campus, in order, or why each one cannot lecture
 * (`problems`, by index): unknown, not a lecturer, deactivated.
 */
export async function lecturersNamed(
  manager: EntityManager,
  tenantId: number,
  usernames: string[],
): Promise<{ ids: number[]; problems: Array<{ index: number; detail: string }> }> {
  if (usernames.length === 0) return { ids: [], problems: [] };
  const rows: Array<{ id: number; username: string; role: string; active: boolean }> = await manager.query(
    `SELECT id, username, role, active FROM users WHERE tenant_id = $1 AND lower(username) = ANY($2::text[])`,
    [tenantId, usernames.map((name) => name.toLowerCase())],
  );
  const byName = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
  const ids: number[] = [];
  const problems: Array<{ index: number; detail: string }> = [];
  usernames.forEach((username, index) => {
    const user = byName.get(username.toLowerCase());
    if (!user) problems.push({ index, detail: `no user ${username} in this campus` });
    else if (user.role !== 'lecturer') problems.push({ index, detail: `${username} is not a lecturer` });
    else if (!user.active) problems.push({ index, detail: `${username} is deactivated` });
    else ids.push(user.id);
  });
  return { ids, problems };
}
