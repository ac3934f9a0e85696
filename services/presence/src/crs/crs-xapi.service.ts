import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, notFound, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { CrsRoom, CrsXapiStatement } from './crs.entity';
import type { ResultRow } from './crs.resource';
import { CrsService } from './crs.service';

/** The verbs whose top-level statement is an attempt with a score (ADL's IRIs, as H5P sends them). */
const SCORED_VERBS = new Set([
  'http://adlnet.gov/expapi/verbs/answered',
  'http://adlnet.gov/expapi/verbs/completed',
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isIri = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && value.length <= 2000;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** The largest statement kept (its JSON): H5P's are a few kilobytes. */
export const MAX_STATEMENT_BYTES = 64 * 1024;

/** What a statement says, once its structure was checked. */
interface ReadStatement {
  contentId: string;
  contentName: string;
  verb: string;
  score: number | null;
}

/**
 * The xAPI statements of a room's interactive (H5P) contents (`POST /crs/xapi`) and their results
 * per content (`GET /public/crs/result/{id}`: attempts, highest, lowest and average score).
 */
@Injectable()
export class CrsXapiService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rooms: CrsService,
    private readonly projections: Projections,
  ) {}

  /** Stores a statement of the caller in a room of their course. */
  async record(auth: AuthContext, roomId: number, statement: Json): Promise<CrsXapiStatement> {
    const { room } = await this.rooms.readable(auth, roomId);
    const username = (await this.projections.users(auth.tenantId, [auth.userId]))[0]?.username;
    const read = readStatement(statement, [String(auth.userId), ...(username ? [username] : [])]);
    return this.dataSource.manager.save(
      Object.assign(new CrsXapiStatement(), {
        tenantId: auth.tenantId,
        roomId: Number(room.id),
        userId: auth.userId,
        ...read,
        statement,
      }),
    );
  }

  /**
   * The results of a room of the campus served at `host`, per content: scored attempts, and the
   * highest, lowest and average score in percent (two decimals). Numbers only: nobody's name.
   */
  async results(host: string, roomId: number): Promise<ResultRow[]> {
    const campus = host ? await this.projections.campusByHost(host) : null;
    const room = campus
      ? await this.dataSource.manager.findOneBy(CrsRoom, { id: roomId, tenantId: campus.id })
      : null;
    if (!room) throw notFound('Live classroom not found');
    const rows: Array<{
      content_id: string;
      name: string;
      attempt: number;
      max: number | null;
      min: number | null;
      avg: number | null;
    }> = await this.dataSource.query(
      `SELECT content_id, (array_agg(content_name ORDER BY id DESC))[1] AS name,
              count(score)::int AS attempt, max(score) AS max, min(score) AS min,
              round(avg(score)::numeric, 2)::float8 AS avg
         FROM crs_xapi_statements WHERE room_id = $1
        GROUP BY content_id ORDER BY min(id)`,
      [roomId],
    );
    return rows;
  }
}

/**
 * Checks the parts of an xAPI 1.0.3 statement the results rely on — `actor` (the caller, by their
 * account name: user id or username), `verb.id`, `object.id` (IRIs), `result` when sent (score
 * within its range, booleans) — and reads the content and the score of a top-level answer.
 * Problems answer 422 pointing into `statement`.
 */
export function readStatement(statement: Json, callerNames: readonly string[]): ReadStatement {
  const problems: ValidationIssue[] = [];
  const at = (...path: string[]) => attributePointer(['statement', ...path]);
  const problem = (path: string[], detail: string) => problems.push({ pointer: at(...path), detail });

  if (Buffer.byteLength(JSON.stringify(statement)) > MAX_STATEMENT_BYTES)
    throw unprocessable([
      { pointer: at(), detail: `statement must be at most ${MAX_STATEMENT_BYTES / 1024} KB` },
    ]);
  const { actor, verb, object, result, context } = statement;
  if (!isObject(actor)) problem(['actor'], 'actor is required: the Agent who did it');
  else {
    const account = actor.account;
    if (actor.objectType !== undefined && actor.objectType !== 'Agent')
      problem(['actor', 'objectType'], 'actor must be an Agent');
    else if (!isObject(account) || typeof account.name !== 'string' || typeof account.homePage !== 'string')
      problem(['actor', 'account'], 'actor.account {homePage, name} is required');
    else if (!callerNames.includes(account.name))
      problem(
        ['actor', 'account', 'name'],
        'actor must be the caller: account.name is their user id or username',
      );
  }
  if (!isObject(verb) || !isIri(verb.id)) problem(['verb', 'id'], 'verb.id must be an IRI');
  if (!isObject(object) || !isIri(object.id)) problem(['object', 'id'], 'object.id must be an IRI');
  else if (object.objectType !== undefined && object.objectType !== 'Activity')
    problem(['object', 'objectType'], 'object must be an Activity');

  let scaled: number | null = null;
  if (result !== undefined) {
    if (!isObject(result)) problem(['result'], 'result must be an object');
    else {
      for (const flag of ['success', 'completion'] as const)
        if (result[flag] !== undefined && typeof result[flag] !== 'boolean')
          problem(['result', flag], `result.${flag} must be true or false`);
      const score = result.score;
      if (score !== undefined) {
        if (!isObject(score)) problem(['result', 'score'], 'result.score must be an object');
        else scaled = scaledScore(score, (path, detail) => problem(['result', 'score', ...path], detail));
      }
    }
  }
  if (problems.length > 0) throw unprocessable(problems);

  const activity = object as Json;
  const names =
    isObject(activity.definition) && isObject(activity.definition.name) ? activity.definition.name : {};
  const name = (names['en-US'] ?? Object.values(names).find((value) => typeof value === 'string')) as
    string | undefined;
  const parents =
    isObject(context) && isObject(context.contextActivities) ? context.contextActivities.parent : undefined;
  const topLevel = parents === undefined || (Array.isArray(parents) && parents.length === 0);
  const verbId = (verb as Json).id as string;
  return {
    contentId: activity.id as string,
    contentName: (name ?? (activity.id as string)).slice(0, 500),
    verb: verbId,
    score: topLevel && SCORED_VERBS.has(verbId) && scaled !== null ? Math.round(scaled * 10_000) / 100 : null,
  };
}

/** `score.scaled`, or `(raw − min) / (max − min)` (min 0); null when neither is given; range checked. */
function scaledScore(score: Json, problem: (path: string[], detail: string) => void): number | null {
  const { scaled, raw, min, max } = score;
  for (const [key, value] of Object.entries({ scaled, raw, min, max }))
    if (value !== undefined && !isNumber(value)) {
      problem([key], `score.${key} must be a number`);
      return null;
    }
  if (isNumber(scaled) && (scaled < -1 || scaled > 1)) {
    problem(['scaled'], 'score.scaled must be between -1 and 1');
    return null;
  }
  const low = isNumber(min) ? min : 0;
  if (isNumber(max) && max <= low) {
    problem(['max'], 'score.max must be above score.min');
    return null;
  }
  if (isNumber(raw) && ((isNumber(min) && raw < min) || (isNumber(max) && raw > max))) {
    problem(['raw'], 'score.raw must lie between score.min and score.max');
    return null;
  }
  if (isNumber(scaled)) return scaled;
  if (isNumber(raw) && isNumber(max)) return (raw - low) / (max - low);
  return null;
}
