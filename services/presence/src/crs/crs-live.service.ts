import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  type AttributesOf,
  conflict,
  forbidden,
  formatWireDate,
  type ParsedQuery,
  tooManyRequests,
  unprocessable,
} from '@lms/jsonapi';
import { CheckInService, type LiveMark } from '../sessions/check-in.service';
import { CrsMessage, CrsRoom, CrsVote, CrsVoteAnswer } from './crs.entity';
import { type ChatRow, type ReadRoom, type VideoState, videoStateOf, type VoteRow } from './crs.resource';
import {
  type answerVoteRules,
  DEFAULT_ANSWER_SCORE,
  type msgRules,
  type newVoteRules,
  type videoRules,
} from './crs.rules';
import { CrsService, type RoomRole } from './crs.service';

/** A chat message with its author's name and the message it answers. `$1`: message ids. */
const CHAT_SQL = `SELECT m.id, m.room_id, m.user_id, coalesce(u.name, '') AS user_name, m.message,
       m.reply_chat_id, m.created_at, r.id AS reply_id, coalesce(ru.name, '') AS reply_user_name,
       r.message AS reply_message
  FROM crs_messages m
  LEFT JOIN users u ON u.id = m.user_id
  LEFT JOIN crs_messages r ON r.id = m.reply_chat_id
  LEFT JOIN users ru ON ru.id = r.user_id`;

interface ChatSqlRow {
  id: string;
  room_id: string;
  user_id: string;
  user_name: string;
  message: string;
  reply_chat_id: string | null;
  created_at: Date;
  reply_id: string | null;
  reply_user_name: string;
  reply_message: string | null;
}

const chatRowOf = (row: ChatSqlRow): ChatRow => ({
  id: Number(row.id),
  room_id: Number(row.room_id),
  user_id: Number(row.user_id),
  user_name: row.user_name,
  message: row.message,
  reply_chat_id: row.reply_chat_id === null ? null : Number(row.reply_chat_id),
  reply:
    row.reply_id === null
      ? null
      : { id: Number(row.reply_id), user_name: row.reply_user_name, message: row.reply_message ?? '' },
  created_at: row.created_at,
});

/** The chat's pace: at most this many messages per person and room in `CHAT_WINDOW_SECONDS`. */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_SECONDS = 5;

/** What joining a room answers. */
export interface Joined {
  room: ReadRoom;
  role: RoomRole;
  video: VideoState;
  /** The linked presence session's mark for a student: marked present, or why not. */
  attendance: LiveMark | null;
  /** The room's open votes the caller answered (a student back after a reconnect). */
  answeredVotes: number[];
}

/**
 * What happens inside a room (spec 03 §7 socket events): joining it (and being marked present),
 * chat, the end, votes and the synchronized video. Everything is kept in the database — the
 * replicas share nothing else — and checked as the HTTP calls are: the caller must be in the
 * room's course; host events are for its hosts only (others are refused and logged).
 */
@Injectable()
export class CrsLiveService {
  private readonly logger = new Logger('CrsLive');

  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly rooms: CrsService,
    private readonly checkIns: CheckInService,
  ) {}

  /**
   * Enters a room that has not ended; a student only between its start and its end (its staff come
   * in earlier to prepare, and stay until a host ends it). A student is marked present in the linked
   * session's window.
   */
  async join(auth: AuthContext, roomId: number): Promise<Joined> {
    const { room, role } = await this.rooms.readable(auth, roomId);
    this.assertLive(room, auth);
    if (role === 'student') this.assertOpen(room, auth);
    const attendance =
      role === 'student' && room.presenceId !== null
        ? await this.checkIns.markFromLiveRoom(auth, Number(room.presenceId))
        : null;
    const answered: Array<{ id: string }> =
      role === 'student'
        ? await this.dataSource.query(
            `SELECT v.id FROM crs_votes v JOIN crs_vote_answers a ON a.vote_id = v.id AND a.user_id = $2
              WHERE v.room_id = $1 AND v.ends_at > now()`,
            [roomId, auth.userId],
          )
        : [];
    return {
      room: this.rooms.asRead(auth, room, role !== 'student'),
      role,
      video: videoStateOf(room),
      attendance,
      answeredVotes: answered.map((row) => Number(row.id)),
    };
  }

  /**
   * `msg`: a message of the room; a reply answers a message of the same room. Each person writes at
   * most `CHAT_BURST` messages per `CHAT_WINDOW_SECONDS` in a room (429 `crs_chat_too_fast` with
   * the seconds to wait), counted in the database under a lock per person and room, so replicas
   * and parallel sends share one count.
   */
  async message(auth: AuthContext, roomId: number, input: AttributesOf<typeof msgRules>): Promise<ChatRow> {
    const { room } = await this.rooms.readable(auth, roomId);
    this.assertLive(room, auth);
    const replyTo = input.reply_chat_id ?? null;
    if (replyTo !== null) {
      const target = await this.dataSource.manager.findOneBy(CrsMessage, { id: replyTo, roomId });
      if (!target)
        throw unprocessable([
          { pointer: '/reply_chat_id', detail: 'reply_chat_id is not a message of this room' },
        ]);
    }
    const saved = await this.unit.run(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('crs-chat'), hashtext($1))`, [
        `${roomId}:${auth.userId}`,
      ]);
      const recent: Array<{ wait: number }> = await manager.query(
        `SELECT extract(epoch FROM created_at + make_interval(secs => $3) - now())::float AS wait
           FROM crs_messages WHERE room_id = $1 AND user_id = $2 AND created_at > now() - make_interval(secs => $3)
          ORDER BY created_at DESC LIMIT $4`,
        [roomId, auth.userId, CHAT_WINDOW_SECONDS, CHAT_BURST],
      );
      if (recent.length >= CHAT_BURST) {
        const wait = Math.max(1, Math.ceil(recent[CHAT_BURST - 1].wait));
        throw tooManyRequests(
          `At most ${CHAT_BURST} messages every ${CHAT_WINDOW_SECONDS} seconds; try again in ${wait} seconds`,
          wait,
          'crs_chat_too_fast',
          { retry_after: wait, limit: CHAT_BURST, window_seconds: CHAT_WINDOW_SECONDS },
        );
      }
      return manager.save(
        Object.assign(new CrsMessage(), {
          tenantId: auth.tenantId,
          roomId,
          userId: auth.userId,
          message: input.message,
          replyChatId: replyTo,
        }),
      );
    });
    const [row]: ChatSqlRow[] = await this.dataSource.query(`${CHAT_SQL} WHERE m.id = $1`, [saved.id]);
    return chatRowOf(row);
  }

  /** `GET /crs/crs/{id}/messages`: the room's chat, newest first, a page at a time. */
  async messages(auth: AuthContext, roomId: number, query: ParsedQuery): Promise<[ChatRow[], number]> {
    await this.rooms.readable(auth, roomId);
    const [rows, [{ total }]]: [ChatSqlRow[], Array<{ total: number }>] = await Promise.all([
      this.dataSource.query(`${CHAT_SQL} WHERE m.room_id = $1 ORDER BY m.id DESC LIMIT $2 OFFSET $3`, [
        roomId,
        query.limit,
        query.offset,
      ]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM crs_messages WHERE room_id = $1`, [roomId]),
    ]);
    return [rows.map(chatRowOf), total];
  }

  /** `end` (hosts): the room is over. */
  async end(auth: AuthContext, roomId: number, event: string): Promise<Date> {
    return this.unit.run(async (manager) => {
      const room = await this.hostRoom(manager, auth, roomId, event);
      room.endedAt ??= new Date();
      await manager.save(room);
      return room.endedAt;
    });
  }

  /** `playVideo` / `pauseVideo` (hosts): the room's video state, which late joiners start from. */
  async video(
    auth: AuthContext,
    roomId: number,
    playing: boolean,
    input: AttributesOf<typeof videoRules>,
    event: string,
  ): Promise<VideoState> {
    return this.unit.run(async (manager) => {
      const room = await this.hostRoom(manager, auth, roomId, event);
      this.assertLive(room, auth);
      const index = input.video_index ?? room.videoIndex;
      if (index >= Math.max(1, room.videos.length))
        throw unprocessable([
          { pointer: '/video_index', detail: `video_index must be below ${room.videos.length}` },
        ]);
      Object.assign(room, {
        videoIndex: index,
        videoPosition: input.position,
        videoPlaying: playing,
        videoAt: new Date(),
      });
      await manager.save(room);
      return videoStateOf(room, room.videoAt ?? undefined);
    });
  }

  /** `newVote` (hosts): a vote open for its duration; answers score 10 unless said. */
  async newVote(
    auth: AuthContext,
    roomId: number,
    input: AttributesOf<typeof newVoteRules>,
    event: string,
  ): Promise<CrsVote> {
    const { room, role } = await this.rooms.readable(auth, roomId);
    if (role !== 'host') throw this.refused(auth, roomId, event);
    this.assertLive(room, auth);
    const startedAt = new Date();
    return this.dataSource.manager.save(
      Object.assign(new CrsVote(), {
        tenantId: auth.tenantId,
        roomId,
        question: input.question,
        type: input.type ?? 'single',
        answers: input.answers.map((answer) =>
          typeof answer === 'string'
            ? { answer, score: DEFAULT_ANSWER_SCORE }
            : { answer: answer.answer, score: answer.score ?? DEFAULT_ANSWER_SCORE },
        ),
        duration: input.duration,
        startedAt,
        endsAt: new Date(startedAt.getTime() + input.duration * 1000),
        createdBy: auth.userId,
      }),
    );
  }

  /** `answerVote` (students, once per vote while it is open): their choice and its score. */
  async answerVote(
    auth: AuthContext,
    roomId: number,
    input: AttributesOf<typeof answerVoteRules>,
  ): Promise<{ vote: CrsVote; answer: CrsVoteAnswer }> {
    const { role } = await this.rooms.readable(auth, roomId);
    if (role !== 'student') throw forbidden('Only the students of the course answer votes');
    const vote = await this.dataSource.manager.findOneBy(CrsVote, { id: input.vote_id, roomId });
    if (!vote) throw unprocessable([{ pointer: '/vote_id', detail: 'vote_id is not a vote of this room' }]);
    const now = new Date();
    if (now > vote.endsAt)
      throw conflict(`This vote closed at ${formatWireDate(vote.endsAt, auth.timeZone)}`, 'vote_closed');
    const choices = [...new Set(Array.isArray(input.answer) ? input.answer : [input.answer])].sort(
      (a, b) => a - b,
    );
    if (vote.type === 'single' && choices.length > 1)
      throw unprocessable([{ pointer: '/answer', detail: 'answer must be one answer of this vote' }]);
    const wrong = choices.find((choice) => choice >= vote.answers.length);
    if (wrong !== undefined)
      throw unprocessable([{ pointer: '/answer', detail: `answer ${wrong} is not an answer of this vote` }]);
    const score = choices.reduce((sum, choice) => sum + vote.answers[choice].score, 0);
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO crs_vote_answers (vote_id, user_id, choices, score, answered_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING vote_id`,
      [vote.id, auth.userId, choices, score, now],
    );
    if (inserted.length === 0)
      throw conflict('You already answered this vote; an answer cannot change', 'vote_answered');
    const answer = Object.assign(new CrsVoteAnswer(), {
      voteId: Number(vote.id),
      userId: auth.userId,
      choices,
      score,
      answeredAt: now,
    });
    return { vote, answer };
  }

  /** `GET /crs/vote?roomId`: the room's votes, newest first, with the counts and the caller's answer. */
  async votes(auth: AuthContext, roomId: number, query: ParsedQuery): Promise<[VoteRow[], number]> {
    const { role } = await this.rooms.readable(auth, roomId);
    const [votes, total] = await this.dataSource.getRepository(CrsVote).findAndCount({
      where: { roomId, tenantId: auth.tenantId },
      order: { id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    return [await this.voteRows(auth, votes, role === 'host' || role === 'staff'), total];
  }

  /**
   * Votes with how many chose each answer (null while the vote is open and the reader, not its
   * staff, has not answered) and the reader's own answer; scores for the staff.
   */
  async voteRows(auth: AuthContext, votes: CrsVote[], staff: boolean): Promise<VoteRow[]> {
    if (votes.length === 0) return [];
    const ids = votes.map((vote) => Number(vote.id));
    const answers: Array<{ vote_id: string; user_id: string; choices: number[]; score: number }> =
      await this.dataSource.query(
        `SELECT vote_id, user_id, choices, score FROM crs_vote_answers WHERE vote_id = ANY($1::bigint[])`,
        [ids],
      );
    const now = new Date();
    return votes.map((vote) => {
      const mine = answers.filter((row) => Number(row.vote_id) === Number(vote.id));
      const own = mine.find((row) => Number(row.user_id) === auth.userId);
      // The counts of an open vote reach those who answered it and its staff: a student who has
      // not answered yet must not see the majority first.
      const counted = staff || own !== undefined || now > vote.endsAt;
      return {
        id: Number(vote.id),
        room_id: Number(vote.roomId),
        question: vote.question,
        vote_type: vote.type,
        duration: vote.duration,
        started_at: vote.startedAt,
        ends_at: vote.endsAt,
        is_open: now <= vote.endsAt,
        answers: vote.answers.map((choice, n) => ({
          answer: choice.answer,
          score: staff ? choice.score : null,
          count: counted ? mine.filter((row) => row.choices.includes(n)).length : null,
        })),
        total: counted ? mine.length : null,
        my_answer: own ? own.choices : null,
        my_score: own ? own.score : null,
      };
    });
  }

  /** 409 once the room ended. */
  private assertLive(room: CrsRoom, auth: AuthContext) {
    if (room.endedAt)
      throw conflict(
        `This live classroom ended at ${formatWireDate(room.endedAt, auth.timeZone)}`,
        'crs_ended',
      );
  }

  /** A student enters between the room's start (409 `crs_not_started`, with when it opens) and end (`crs_closed`). */
  private assertOpen(room: CrsRoom, auth: AuthContext, now = new Date()) {
    if (now < room.startAt) {
      const opensAt = formatWireDate(room.startAt, auth.timeZone);
      throw conflict(`This live classroom opens at ${opensAt}`, 'crs_not_started', { opens_at: opensAt });
    }
    if (now > room.endAt) {
      const closedAt = formatWireDate(room.endAt, auth.timeZone);
      throw conflict(`This live classroom closed at ${closedAt}`, 'crs_closed', { closed_at: closedAt });
    }
  }

  /** The room locked for a host event: 404 when not the caller's, refused (and logged) unless a host. */
  private async hostRoom(manager: EntityManager, auth: AuthContext, roomId: number, event: string) {
    const { role } = await this.rooms.readable(auth, roomId, manager);
    if (role !== 'host') throw this.refused(auth, roomId, event);
    return manager.findOneOrFail(CrsRoom, { where: { id: roomId }, lock: { mode: 'pessimistic_write' } });
  }

  /** A host event from someone who is not a host: refused, and logged. */
  private refused(auth: AuthContext, roomId: number, event: string) {
    this.logger.warn(
      `refused "${event}" in room ${roomId} from user ${auth.userId} of campus ${auth.tenantId}: not a host`,
    );
    return forbidden(`Only the hosts of this live classroom may send ${event}`, 'crs_not_host');
  }
}
