import type { EntityManager } from 'typeorm';

/** A person as the project screens show them (spec 03 §3 members: `user_id`, `code`). */
export interface Person {
  user_id: number;
  /** Their username. */
  code: string;
  name: string;
  thumbnail: string | null;
}

interface PersonRow {
  id: string;
  username: string;
  name: string;
  thumbnail: string | null;
}

/** The people of these ids in the campus's users projection, by id (unknown ids left out). */
export async function peopleByIds(
  manager: EntityManager,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows: PersonRow[] = await manager.query(
    `SELECT id, username, name, thumbnail FROM users WHERE tenant_id = $1 AND id = ANY($2::bigint[])`,
    [tenantId, [...new Set(ids)]],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { user_id: Number(row.id), code: row.username, name: row.name, thumbnail: row.thumbnail },
    ]),
  );
}

/** The person of an id, or a placeholder for someone the projection does not hold (yet). */
export const personOf = (people: Map<number, Person>, id: number): Person =>
  people.get(id) ?? { user_id: id, code: '', name: `#${id}`, thumbnail: null };
