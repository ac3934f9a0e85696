import { numericColumn } from '@lms/database';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { CourseClassProjection, CourseProjection, UserProjection } from '@lms/projections';

/** How an exam's final score is made from a student's attempts (`retry` > 0). */
export const FINAL_SCORE_TYPES = ['highest', 'latest', 'average'] as const;
export type FinalScoreType = (typeof FINAL_SCORE_TYPES)[number];

/** An exam of a course (spec 02 §3): its window, rules, packages and access settings. */
@Entity({ name: 'exams' })
@Index('exams_tenant_course_idx', ['tenantId', 'courseId'])
@Index('exams_tenant_start_idx', ['tenantId', 'startAt'])
export class Exam {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The activity (submodule) of the course it is shown in, if any. */
  @Column('bigint', { name: 'activity_id', nullable: true })
  activityId: number | null;

  @Column('varchar', { length: 255 })
  name: string;

  /** `exams_type` on the wire (quiz, midterm, final, …): the lecturer's label. */
  @Column('varchar', { length: 50, nullable: true })
  type: string | null;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  /** Score (0–100) a student needs to pass. */
  @Column('numeric', {
    name: 'passing_grade',
    precision: 5,
    scale: 2,
    default: 0,
    transformer: numericColumn,
  })
  passingGrade: number;

  /** Number of question packages (a student gets one). */
  @Column('integer', { default: 0 })
  package: number;

  @Column('boolean', { name: 'is_published', default: false })
  isPublished: boolean;

  @Column('boolean', { name: 'is_finished', default: false })
  isFinished: boolean;

  @Column('boolean', { name: 'is_show_solution', default: false })
  isShowSolution: boolean;

  @Column('boolean', { name: 'is_show_score', default: false })
  isShowScore: boolean;

  /** Attempts allowed after the first. */
  @Column('integer', { default: 0 })
  retry: number;

  /** Going back to earlier questions allowed. */
  @Column('boolean', { name: 'is_back', default: true })
  isBack: boolean;

  @Column('boolean', { name: 'is_duration', default: false })
  isDuration: boolean;

  /** Minutes a student has from their start, when `isDuration`. */
  @Column('integer', { nullable: true })
  duration: number | null;

  @Column('text', { nullable: true })
  intro: string | null;

  @Column('boolean', { name: 'is_shuffle', default: false })
  isShuffle: boolean;

  @Column('varchar', { name: 'final_score_type', length: 20, default: 'highest' })
  finalScoreType: FinalScoreType;

  @Column('boolean', { name: 'is_restricted_ip', default: false })
  isRestrictedIp: boolean;

  /** IPv4/IPv6 addresses and CIDR ranges a student may take it from, when `isRestrictedIp`. */
  @Column('text', { name: 'ip_whitelists', array: true, default: () => `'{}'` })
  ipWhitelists: string[];

  /** Safe Exam Browser mode. */
  @Column('boolean', { name: 'is_safe', default: false })
  isSafe: boolean;

  @Column('boolean', { name: 'is_mobile', default: false })
  isMobile: boolean;

  @Column('boolean', { name: 'is_airplane', default: false })
  isAirplane: boolean;

  @Column('boolean', { name: 'is_network_change', default: false })
  isNetworkChange: boolean;

  @Column('boolean', { name: 'is_minimize', default: false })
  isMinimize: boolean;

  @Column('boolean', { name: 'is_incoming_call', default: false })
  isIncomingCall: boolean;

  @Column('boolean', { name: 'is_sms', default: false })
  isSms: boolean;

  /** Students need the exam token to start. */
  @Column('boolean', { name: 'is_token', default: false })
  isToken: boolean;

  @Column('boolean', { name: 'is_show_solution_directly', default: false })
  isShowSolutionDirectly: boolean;

  @Column('boolean', { name: 'use_autograder', default: false })
  useAutograder: boolean;

  @Column('boolean', { name: 'auto_apply_scoregrader', default: false })
  autoApplyScoregrader: boolean;

  /** The current exam token (`POST /exam/exams/token`) and how it was made. */
  @Column('varchar', { length: 16, nullable: true })
  token: string | null;

  @Column('integer', { name: 'token_length', nullable: true })
  tokenLength: number | null;

  /** Minutes the token stays valid. */
  @Column('integer', { name: 'token_duration', nullable: true })
  tokenDuration: number | null;

  /** A student who lost the connection may rejoin with the same token. */
  @Column('boolean', { name: 'token_reconnect', default: false })
  tokenReconnect: boolean;

  @Column('timestamptz', { name: 'token_expires_at', nullable: true })
  tokenExpiresAt: Date | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Soft delete: set by DELETE, cleared by restore. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;

  // Read with a list's `include`, not columns.
  course?: CourseProjection | null;
  assistants?: UserProjection[];
  classes?: CourseClassProjection[];
}

/** A lecturer who may author one exam without teaching its course (`PUT /exam/exams/assistant`). */
@Entity({ name: 'exam_assistants' })
@Index('exam_assistants_user_idx', ['userId'])
export class ExamAssistant {
  @PrimaryColumn('bigint', { name: 'exam_id' })
  examId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;
}

/** A class an exam is for; an exam without any is for every class of its course. */
@Entity({ name: 'exam_classes' })
export class ExamClass {
  @PrimaryColumn('bigint', { name: 'exam_id' })
  examId: number;

  @PrimaryColumn('bigint', { name: 'class_id' })
  classId: number;
}
