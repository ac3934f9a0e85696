import { Logger } from '@nestjs/common';
import { askUpstream, type UpstreamGet, UpstreamError, upstreamBase, upstreamJson } from '@lms/platform';

/**
 * The national higher-education registry (PDDikti-like, spec 01 §7): who holds a lecturer's number
 * (NIDN) or a student's number (NIM) at which institution and study programme. Identity asks it
 * when an operator checks a number (`GET /api/admin/registry/...`); `HttpNationalRegistry` is its
 * adapter, over the HTTP contract of docs/operations.md ("National registry").
 */

/** Injection token of identity's national registry. */
export const NATIONAL_REGISTRY = Symbol('NATIONAL_REGISTRY');

/** A lecturer's NIDN or a student's NIM. */
export type RegistryKind = 'lecturer' | 'student';

/** One person the registry holds under the number. */
export interface RegistryRecord {
  name: string;
  institution: string;
  studyProgramme: string | null;
}

/** Spec 01 §9: a registry call gives up after 5 seconds. */
export const REGISTRY_TIMEOUT_MS = 5000;
/** Spec 01 §9: the registry's search answers 10 records at most per page. */
export const REGISTRY_PAGE_SIZE = 10;
/** A larger answer is refused unread: ten records are a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface NationalRegistry {
  /**
   * The records the registry holds under the number (none: not found). Throws an `UpstreamError`
   * when it cannot tell: not configured, unreachable, too slow, or a malformed answer.
   */
  lookUp(kind: RegistryKind, number: string): Promise<RegistryRecord[]>;
}

/** What identity uses when `REGISTRY_URL` is not set: every check says so. */
export class UnconfiguredNationalRegistry implements NationalRegistry {
  lookUp(): Promise<RegistryRecord[]> {
    return Promise.reject(
      new UpstreamError(
        'not-configured',
        'No national registry is configured for this deployment (REGISTRY_URL): numbers cannot be checked',
      ),
    );
  }
}

const FIELD = { lecturer: 'nidn', student: 'nim' } as const;
const PATH = { lecturer: 'lecturers', student: 'students' } as const;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const malformed = (detail: string) =>
  new UpstreamError('bad-answer', `The national registry's answer is malformed: ${detail}`);

function text(value: unknown, path: string, max: number): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '' || [...trimmed].length > max || CONTROL.test(trimmed))
    throw malformed(`${path} must be a non-empty string of at most ${max} characters`);
  return trimmed;
}

/**
 * Checks the registry's answer to a look-up of `number`: `{"data": [{nidn|nim, name, institution,
 * study_programme}]}`, at most a page, every record under the number asked for.
 */
export function readRegistryAnswer(body: unknown, kind: RegistryKind, number: string): RegistryRecord[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw malformed('data must be an array');
  if (data.length > REGISTRY_PAGE_SIZE) throw malformed(`data has more than ${REGISTRY_PAGE_SIZE} records`);
  return data.map((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw malformed(`data[${i}] must be an object`);
    const record = item as Record<string, unknown>;
    const held = text(record[FIELD[kind]], `data[${i}].${FIELD[kind]}`, 32);
    if (held !== number) throw malformed(`data[${i}] is about ${held}, not ${number}`);
    const programme = record.study_programme;
    return {
      name: text(record.name, `data[${i}].name`, 200),
      institution: text(record.institution, `data[${i}].institution`, 255),
      studyProgramme:
        programme === undefined || programme === null
          ? null
          : text(programme, `data[${i}].study_programme`, 255),
    };
  });
}

export interface HttpNationalRegistryOptions {
  /** Base URL of the registry's API (`REGISTRY_URL`). */
  url: string;
  /** Its fixed credential, sent as a bearer token (`REGISTRY_TOKEN`). */
  token?: string;
  /** Budget of one call, answer included ({@link REGISTRY_TIMEOUT_MS}). */
  timeoutMs: number;
}

/**
 * The registry over HTTP: `GET <url>/lecturers?nidn=…&page_size=10` or `GET <url>/students?nim=…
 * &page_size=10` with `Authorization: Bearer <token>`, answered 200 with the records found (none:
 * not found). Anything else is an `UpstreamError`, also logged with the address (left out of the
 * message).
 */
export class HttpNationalRegistry implements NationalRegistry {
  private readonly logger = new Logger('NationalRegistry');
  private readonly base: URL;

  constructor(private readonly options: HttpNationalRegistryOptions) {
    this.base = upstreamBase(options.url);
  }

  async lookUp(kind: RegistryKind, number: string): Promise<RegistryRecord[]> {
    const url = new URL(PATH[kind], this.base);
    url.searchParams.set(FIELD[kind], number);
    url.searchParams.set('page_size', String(REGISTRY_PAGE_SIZE));
    const call: UpstreamGet = {
      system: 'The national registry',
      url,
      token: this.options.token,
      tokenVariable: 'REGISTRY_TOKEN',
      timeoutMs: this.options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    };
    return askUpstream(call, this.logger, (answer) =>
      readRegistryAnswer(upstreamJson(answer, call), kind, number),
    );
  }
}

/** The configured registry: over HTTP when `REGISTRY_URL` is set, else none. */
export function openNationalRegistry(registry: { url?: string; token?: string }): NationalRegistry {
  return registry.url
    ? new HttpNationalRegistry({ url: registry.url, token: registry.token, timeoutMs: REGISTRY_TIMEOUT_MS })
    : new UnconfiguredNationalRegistry();
}
