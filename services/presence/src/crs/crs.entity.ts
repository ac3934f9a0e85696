import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A video of a room, played in sync for everyone in it. */
export interface CrsVideo {
  title: string;
  url: string;
}

/** An answer of a vote and what choosing it scores (spec 03 §9: 10 unless said). */
export interface VoteChoice {
  answer: string;
  score: number;
}

/**
 * A live classroom (spec 03 §3 "Live classroom (crs)"): a room of a course (and optionally of one
 * of its activities) whose hosts (user ids, staff of the course) run chat, votes and the videos
 * played in sync. The video's state lives here, not in one replica's memory: a late joiner on any
 * replica starts at the room's current position. Linked to a presence session, a student joining
 * inside that session's window is marked present.
 */
@Entity({ name: 'crs_rooms' })
@Index('crs_rooms_tenant_course_idx', ['tenantId', 'courseId'])
export class CrsRoom {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'activity_id', nullable: true })
  activityId: number | null;

  /** The kind of room the lecturer chose (`live` unless said). */
  @Column('varchar', { length: 30 })
  type: string;

  @Column('varchar', { length: 200 })
  title: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  @Column('timestamptz', { name: 'end_at' })
  endAt: Date;

  @Column('jsonb', { default: () => `'[]'` })
  videos: CrsVideo[];

  /** The hosts' user ids: staff of the course. */
  @Column('bigint', { array: true })
  hosts: number[];

  /** The presence session whose students are marked present when they join inside its window. */
  @Column('bigint', { name: 'presence_id', nullable: true })
  presenceId: number | null;

  /** Set by a host's `end`: the room is over, nobody joins or talks any more. */
  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt: Date | null;

  /** Which of `videos` plays, and where it was at `videoAt` (moving on since if `videoPlaying`). */
  @Column('integer', { name: 'video_index', default: 0 })
  videoIndex: number;

  @Column('double precision', { name: 'video_position', default: 0 })
  videoPosition: number;

  @Column('boolean', { name: 'video_playing', default: false })
  videoPlaying: boolean;

  @Column('timestamptz', { name: 'video_at', nullable: true })
  videoAt: Date | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A chat message of a room, optionally answering another (`reply_chat_id`). */
@Entity({ name: 'crs_messages' })
@Index('crs_messages_room_idx', ['roomId', 'id'])
export class CrsMessage {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'room_id' })
  roomId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('text')
  message: string;

  @Column('bigint', { name: 'reply_chat_id', nullable: true })
  replyChatId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A vote a host started in a room: open for `duration` seconds from `startedAt`. */
@Entity({ name: 'crs_votes' })
@Index('crs_votes_room_idx', ['roomId', 'id'])
export class CrsVote {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'room_id' })
  roomId: number;

  @Column('text')
  question: string;

  /** `single`: one answer; `multiple`: several, scores added. */
  @Column('varchar', { length: 10 })
  type: 'single' | 'multiple';

  @Column('jsonb')
  answers: VoteChoice[];

  /** Seconds the vote stays open. */
  @Column('integer')
  duration: number;

  @Column('timestamptz', { name: 'started_at' })
  startedAt: Date;

  @Column('timestamptz', { name: 'ends_at' })
  endsAt: Date;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;
}

/** A student's one answer to a vote. */
@Entity({ name: 'crs_vote_answers' })
export class CrsVoteAnswer {
  @PrimaryColumn('bigint', { name: 'vote_id' })
  voteId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  /** Indexes into the vote's answers. */
  @Column('integer', { array: true })
  choices: number[];

  @Column('integer')
  score: number;

  @Column('timestamptz', { name: 'answered_at' })
  answeredAt: Date;
}

/**
 * An xAPI statement an interactive (H5P) content of a room sent for its caller (`POST /crs/xapi`):
 * the statement as sent, and what the results read of it — the content and the scaled score of a
 * top-level answer (null for progress statements and sub-questions).
 */
@Entity({ name: 'crs_xapi_statements' })
@Index('crs_xapi_room_content_idx', ['roomId', 'contentId'])
export class CrsXapiStatement {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'room_id' })
  roomId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  /** The statement's `object.id` (the content's IRI). */
  @Column('varchar', { name: 'content_id', length: 2000 })
  contentId: string;

  @Column('varchar', { name: 'content_name', length: 500 })
  contentName: string;

  @Column('varchar', { length: 2000 })
  verb: string;

  /** `result.score.scaled` × 100 of a top-level answered/completed statement, else null. */
  @Column('double precision', { nullable: true })
  score: number | null;

  @Column('jsonb')
  statement: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
