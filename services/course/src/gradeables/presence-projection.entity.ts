import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A class session whose attendance the presence service sent (`presence.session.sent`): sent
 * sessions are final, so this is what the gradebook's attendance column is computed from. `as_of`
 * is the `occurredAt` of the event that set the row, so an older event arriving late (or the
 * backfill's republished copy) never undoes a newer one.
 */
@Entity({ name: 'presence_session_facts' })
@Index('presence_session_facts_course_idx', ['courseId', 'id'])
export class PresenceSessionFact {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'class_id' })
  classId: number;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  @Column('timestamptz', { name: 'sent_at' })
  sentAt: Date;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}

/**
 * A student listed in a sent session (the enrolled students of its class and anyone marked) with
 * their mark: `attend`, `sick`, `absent`, `leave`, `other`, or null when nobody marked them.
 */
@Entity({ name: 'presence_session_marks' })
@Index('presence_session_marks_course_idx', ['courseId', 'userId'])
export class PresenceSessionMark {
  @PrimaryColumn('bigint', { name: 'session_id' })
  sessionId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 8, nullable: true })
  type: 'attend' | 'sick' | 'absent' | 'leave' | 'other' | null;
}
