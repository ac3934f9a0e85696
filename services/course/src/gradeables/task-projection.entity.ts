import { numericColumn } from '@lms/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A task (assignment) as the course service knows it (`task.task.upserted`): a column of the
 * gradebook and an item of the agenda. `as_of` is the `occurredAt` of the event that set the row.
 */
@Entity({ name: 'task_projections' })
@Index('task_projections_course_idx', ['courseId', 'id'])
// Full-text GIN index of the global search (src/search); made by its migration.
@Index('task_projections_search_idx', { synchronize: false })
export class TaskProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** Where it is placed: a module or an activity of the course. */
  @Column('varchar', { name: 'taskable_type', length: 16 })
  taskableType: 'module' | 'activity';

  @Column('bigint', { name: 'taskable_id' })
  taskableId: number;

  @Column('varchar', { length: 255 })
  title: string;

  @Column('varchar', { name: 'tasks_type', length: 16 })
  tasksType: 'PERSONAL' | 'GROUP';

  @Column('varchar', { name: 'assessment_method', length: 16 })
  assessmentMethod: 'score' | 'rubric';

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  @Column('numeric', {
    name: 'passing_grade',
    precision: 5,
    scale: 2,
    default: 0,
    transformer: numericColumn,
  })
  passingGrade: number;

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  @Column('boolean', { name: 'show_score', default: false })
  showScore: boolean;

  /** Every class of the course takes it; otherwise `class_ids`. */
  @Column('boolean', { name: 'all_class', default: true })
  allClass: boolean;

  @Column('bigint', { name: 'class_ids', array: true, default: () => `'{}'` })
  classIds: string[];

  /** Deleted (softly) in the task service. */
  @Column('boolean', { default: false })
  deleted: boolean;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}
