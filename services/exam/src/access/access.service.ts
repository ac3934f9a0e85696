import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthContext, type AuthenticatedRequest, browserHost } from '@lms/auth';
import { attributePointer, forbidden, notFound, unprocessable } from '@lms/jsonapi';
import { clientAddress } from '@lms/platform';
import { ExamConfig } from '../config';
import { IpAllowList } from '../domain/ip-allow-list';
import { configKeyHashMatches } from '../domain/seb';
import { Exam } from '../exams/exam.entity';
import { STUDIES_SQL } from '../exams/exams.service';
import { ExamSebConfig } from '../safe/exam-seb-config.entity';
import { ExamTokenGrant } from './exam-token-grant.entity';

/** Wrong token guesses a student has per exam token; past them every guess is refused. */
export const TOKEN_GUESS_CAP = 10;

/** The header SEB sends with each request: SHA-256(request URL + Config Key). */
export const SEB_CONFIG_KEY_HASH_HEADER = 'x-safeexambrowser-configkeyhash';
/**
 * The page a Config Key hash was computed for, when the client read it from SEB's JavaScript API
 * (`SafeExamBrowser.security.configKey`, which hashes the page's URL): same origin as the request.
 */
export const SEB_PAGE_URL_HEADER = 'x-safeexambrowser-pageurl';

/** Why a student may not start (or rejoin) an exam now, as the 403's `code`. */
export type AccessRefusalCode =
  'token_required' | 'token_expired' | 'token_used' | 'ip_not_allowed' | 'safe_exam_browser_required';

/** Why a token is refused by `POST /exam/exams/token/validate`. */
export type TokenRefusalCode = 'token_wrong' | 'token_expired' | 'token_used' | 'too_many_guesses';

export interface AccessRefusal {
  code: AccessRefusalCode;
  /** What the student can do about it. */
  detail: string;
  meta?: Record<string, unknown>;
}

/** What stands between a student and the exam's taking, as the lobby shows it. */
export interface ExamAccessState {
  needsToken: boolean;
  /** A grant lets the student start (or rejoin) now. */
  tokenValidated: boolean;
  isSafe: boolean;
  /** In the order `assertMayStart` refuses them: IP, Safe Exam Browser, token. */
  refusals: AccessRefusal[];
}

/** SHA-256 of a token as typed (trimmed, upper case: the token alphabet has no lower case). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token.trim().toUpperCase(), 'utf8').digest('hex');
}

/** Constant-time comparison of two SHA-256 hex digests. */
function sameHash(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'hex'), Buffer.from(b, 'hex')];
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

interface TokenCheck {
  validated: boolean;
  refusal?: AccessRefusal;
  /** An unused grant that starting now uses. */
  consume?: ExamTokenGrant;
}

/**
 * Who may start an exam's attempt, beyond the window, publication, class and retries (the
 * attempts' own rules): the exam token (`is_token`: a grant from `POST /exam/exams/token/validate`),
 * the IP allow-list (`is_restricted_ip`: the client address the gateway saw, forwarding headers
 * believed only from trusted proxies) and Safe Exam Browser (`is_safe`: the Config Key hash of
 * the request URL). See docs/exam-access.md for the rules.
 */
@Injectable()
export class ExamAccessService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ExamConfig,
  ) {}

  /**
   * Refuses with a 403 (`code` one of `AccessRefusalCode`, a detail the student can act on) when
   * the student may not start or rejoin the exam from this request; otherwise uses their token
   * grant for the start. Run it in the transaction that starts the attempt (`manager`), so a start
   * that fails leaves the grant unused.
   */
  async assertMayStart(
    exam: Exam,
    studentId: number,
    request: FastifyRequest,
    manager?: EntityManager,
  ): Promise<void> {
    if (!manager) {
      await this.dataSource.transaction((own) => this.assertMayStart(exam, studentId, request, own));
      return;
    }
    const [refusal, token] = await this.inspect(exam, studentId, request, manager, true);
    if (refusal) throw forbidden(refusal.detail, refusal.code, refusal.meta);
    if (token.consume) {
      await manager.update(
        ExamTokenGrant,
        { id: token.consume.id },
        { usedAt: () => 'now()', usedSession: sessionOf(request) },
      );
    }
  }

  /** The access state of the student for the lobby (`GET …/take`): no side effects. */
  async check(
    exam: Exam,
    studentId: number,
    request: FastifyRequest,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ExamAccessState> {
    const refusals: AccessRefusal[] = [];
    const ip = this.checkIp(exam, request);
    if (ip) refusals.push(ip);
    const seb = await this.checkSafeExamBrowser(exam, request, manager);
    if (seb) refusals.push(seb);
    const token = exam.isToken ? await this.checkToken(exam, studentId, request, manager, false) : undefined;
    if (token?.refusal) refusals.push(token.refusal);
    return {
      needsToken: exam.isToken,
      tokenValidated: token?.validated ?? false,
      isSafe: exam.isSafe,
      refusals,
    };
  }

  private async inspect(
    exam: Exam,
    studentId: number,
    request: FastifyRequest,
    manager: EntityManager,
    lock: boolean,
  ): Promise<[AccessRefusal | undefined, TokenCheck]> {
    const refusal = this.checkIp(exam, request) ?? (await this.checkSafeExamBrowser(exam, request, manager));
    if (refusal) return [refusal, { validated: false }];
    if (!exam.isToken) return [undefined, { validated: false }];
    const token = await this.checkToken(exam, studentId, request, manager, lock);
    return [token.refusal, token];
  }

  private checkIp(exam: Exam, request: FastifyRequest): AccessRefusal | undefined {
    if (!exam.isRestrictedIp) return undefined;
    const address = clientAddress(request.raw, this.config.forwarding.proxies);
    if (new IpAllowList(exam.ipWhitelists).allows(address)) return undefined;
    return {
      code: 'ip_not_allowed',
      detail: `This exam can only be taken from the networks its lecturer allowed, and your address ${address} is not one of them: connect from the exam room's network (not mobile data or a VPN), or ask your invigilator`,
      meta: { client_address: address },
    };
  }

  private async checkSafeExamBrowser(
    exam: Exam,
    request: FastifyRequest,
    manager: EntityManager,
  ): Promise<AccessRefusal | undefined> {
    if (!exam.isSafe) return undefined;
    const download = `/api/exam/safe/${exam.id}/download`;
    const config = await manager.findOneBy(ExamSebConfig, { examId: exam.id });
    if (!config)
      return {
        code: 'safe_exam_browser_required',
        detail:
          'This exam is taken in Safe Exam Browser, and its configuration file (.seb) has not been made yet: ask your lecturer',
      };
    const given = headerOf(request, SEB_CONFIG_KEY_HASH_HEADER);
    if (given && this.sebHashMatches(request, config.configKey, given)) return undefined;
    return {
      code: 'safe_exam_browser_required',
      detail: given
        ? 'Safe Exam Browser is running with another configuration than this exam’s: quit it, download the exam’s configuration file (.seb) again and open it'
        : 'This exam is taken in Safe Exam Browser: download the exam’s configuration file (.seb) and open it, Safe Exam Browser then opens the exam',
      meta: { seb_download: download },
    };
  }

  /** The hash is for the request's own URL (SEB's header) or, from SEB's JavaScript API, for the page. */
  private sebHashMatches(request: FastifyRequest, key: string, given: string): boolean {
    const origin = `${request.protocol}://${browserHost(request.headers)}`;
    if (configKeyHashMatches(`${origin}${request.url}`, key, given)) return true;
    const page = headerOf(request, SEB_PAGE_URL_HEADER);
    if (!page) return false;
    let url: URL;
    try {
      url = new URL(page);
    } catch {
      return false;
    }
    return url.origin === new URL(origin).origin && configKeyHashMatches(page, key, given);
  }

  private async checkToken(
    exam: Exam,
    studentId: number,
    request: FastifyRequest,
    manager: EntityManager,
    lock: boolean,
  ): Promise<TokenCheck> {
    const grants = await manager.find(ExamTokenGrant, {
      where: { examId: exam.id, studentId },
      order: { id: 'ASC' },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    const session = sessionOf(request);
    // Read after the grants' lock: a start that held it has committed its attempt by now.
    const running = await this.hasRunningAttempt(exam.id, studentId, manager);
    const rejoin = grants.find(
      (grant) => grant.usedAt !== null && (exam.tokenReconnect || grant.usedSession === session),
    );
    if (running && rejoin) return { validated: true };
    const current = exam.token === null ? null : tokenHash(exam.token);
    const fresh = grants.find(
      (grant) => grant.usedAt === null && current !== null && sameHash(grant.tokenHash, current),
    );
    if (fresh) {
      if (fresh.validUntil !== null && fresh.validUntil.getTime() <= Date.now())
        return {
          validated: false,
          refusal: {
            code: 'token_expired',
            detail: 'The exam token you entered has expired: ask your invigilator for the new one',
          },
        };
      return { validated: true, consume: fresh };
    }
    if (grants.some((grant) => grant.usedAt !== null))
      return {
        validated: false,
        refusal: {
          code: 'token_used',
          detail:
            'You already started this exam with its token, and it cannot be used to enter again: ask your invigilator for a new token',
        },
      };
    return {
      validated: false,
      refusal: {
        code: 'token_required',
        detail: 'This exam needs its token: enter the token your invigilator gives you',
      },
    };
  }

  /**
   * `POST /exam/exams/token/validate`: checks the token against the exam's current one (constant
   * time) and records the student's grant. Wrong guesses are counted per exam token and capped
   * (`TOKEN_GUESS_CAP`); the count of a refused guess commits before the 403.
   */
  async validateToken(auth: AuthContext, examId: number, token: string): Promise<ExamTokenGrant> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const exam = await this.takeable(auth, examId, manager);
      if (!exam.isToken)
        throw unprocessable([
          { pointer: attributePointer('exam_id'), detail: 'this exam does not ask for a token' },
        ]);
      const current = exam.token === null ? null : tokenHash(exam.token);
      // The row is locked until commit: one student's guesses are counted one after the other.
      const [{ wrong }]: Array<{ wrong: number }> = await manager.query(
        `INSERT INTO exam_token_guesses (exam_id, student_id, tenant_id, token_hash, wrong)
         VALUES ($1, $2, $3, $4, 0)
         ON CONFLICT (exam_id, student_id) DO UPDATE
           SET wrong = CASE WHEN exam_token_guesses.token_hash = excluded.token_hash
                            THEN exam_token_guesses.wrong ELSE 0 END,
               token_hash = excluded.token_hash
         RETURNING wrong`,
        [exam.id, auth.userId, auth.tenantId, current ?? '0'.repeat(64)],
      );
      if (wrong >= TOKEN_GUESS_CAP) return refusal('too_many_guesses', tooManyGuesses());
      if (current === null)
        return refusal(
          'token_wrong',
          'The lecturer has not made a token for this exam yet: ask your invigilator',
        );
      if (!sameHash(tokenHash(token), current)) {
        await manager.query(
          `UPDATE exam_token_guesses SET wrong = wrong + 1, last_guess_at = now()
           WHERE exam_id = $1 AND student_id = $2`,
          [exam.id, auth.userId],
        );
        const left = TOKEN_GUESS_CAP - wrong - 1;
        if (left <= 0) return refusal('too_many_guesses', tooManyGuesses());
        return refusal(
          'token_wrong',
          `That is not the exam's token: check it with your invigilator (${left} ${left === 1 ? 'try' : 'tries'} left)`,
          { tries_left: left },
        );
      }
      if (exam.tokenExpiresAt !== null && exam.tokenExpiresAt.getTime() <= Date.now())
        return refusal('token_expired', 'This token has expired: ask your invigilator for the new one');
      const grant = await manager.findOne(ExamTokenGrant, {
        where: { examId: exam.id, studentId: auth.userId, tokenHash: current },
        lock: { mode: 'pessimistic_write' },
      });
      if (grant?.usedAt) {
        const rejoins = exam.tokenReconnect || grant.usedSession === auth.sessionId;
        if (rejoins && (await this.hasRunningAttempt(exam.id, auth.userId, manager))) return grant;
        return refusal(
          'token_used',
          'You already started this exam with this token, and it cannot be used to enter again: ask your invigilator for a new token',
        );
      }
      await manager.query(
        `INSERT INTO exam_token_grants (tenant_id, exam_id, student_id, token_hash, valid_until)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (exam_id, student_id, token_hash) DO UPDATE SET valid_until = excluded.valid_until`,
        [auth.tenantId, exam.id, auth.userId, current, exam.tokenExpiresAt],
      );
      return manager.findOneByOrFail(ExamTokenGrant, {
        examId: exam.id,
        studentId: auth.userId,
        tokenHash: current,
      });
    });
    if ('refused' in outcome)
      throw forbidden(outcome.refused.detail, outcome.refused.code, outcome.refused.meta);
    return outcome;
  }

  /** Whether the student has an attempt of the exam that is neither finished, stopped nor past its deadline. */
  private async hasRunningAttempt(
    examId: number,
    studentId: number,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM student_exams
       WHERE exam_id = $1 AND student_id = $2 AND NOT is_finished AND NOT is_stopped
         AND (end_at IS NULL OR end_at > now())
       LIMIT 1`,
      [examId, studentId],
    );
    return rows.length > 0;
  }

  /** A published exam of the student's class (404 otherwise: they cannot see it). */
  private async takeable(auth: AuthContext, examId: number, manager: EntityManager): Promise<Exam> {
    const exam = await manager
      .createQueryBuilder(Exam, 'exam')
      .where('exam.id = :examId AND exam.tenant_id = :tenantId', { examId, tenantId: auth.tenantId })
      .andWhere(STUDIES_SQL, { me: auth.userId })
      .getOne();
    if (!exam) throw notFound('Exam not found');
    return exam;
  }
}

interface Refused {
  refused: { code: TokenRefusalCode; detail: string; meta?: Record<string, unknown> };
}

function refusal(code: TokenRefusalCode, detail: string, meta?: Record<string, unknown>): Refused {
  return { refused: { code, detail, meta } };
}

function tooManyGuesses(): string {
  return `You entered a wrong token ${TOKEN_GUESS_CAP} times, so this exam takes no more tokens from you: ask your invigilator for help (a new token from the lecturer lets you try again)`;
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The caller's sign-in session (refresh-token family), from the verified access token. */
function sessionOf(request: FastifyRequest): string | null {
  return (request as unknown as AuthenticatedRequest).auth?.sessionId ?? null;
}
