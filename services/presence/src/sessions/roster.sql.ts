import type { PresenceType } from './presence.entity';
import type { DetailRow } from './presences.resource';

/**
 * The students of each session: the enrolled students of its class and anyone marked in it (a
 * student who left keeps their past marks), with their mark or none. `$1`: session ids.
 */
export const ROSTER_SQL = `WITH roster AS (
    SELECT p.id AS presence_id, cs.user_id FROM presences p
      JOIN course_students cs ON cs.class_id = p.class_id AND cs.tenant_id = p.tenant_id AND cs.enrolled
     WHERE p.id = ANY($1::bigint[])
    UNION
    SELECT presence_id, user_id FROM presence_details WHERE presence_id = ANY($1::bigint[]))
  SELECT r.presence_id, r.user_id, u.name, coalesce(u.nim, u.username) AS code,
         d.type, d.status, d.marked_at, d.source
    FROM roster r
    LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN presence_details d ON d.presence_id = r.presence_id AND d.user_id = r.user_id
   ORDER BY u.name NULLS LAST, r.user_id`;

export interface RosterRow {
  presence_id: string;
  user_id: string;
  name: string | null;
  code: string | null;
  type: PresenceType | null;
  status: number | null;
  marked_at: Date | null;
  source: DetailRow['source'];
}
