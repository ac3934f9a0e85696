import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { UserProjection } from '../users/user-projection.entity';
import { CourseModule } from '../structure/module.entity';
import { CourseAssistant } from './course-assistant.entity';
import { Faculty } from '../faculties/faculty.entity';
import { CourseClass } from './course-class.entity';
import { Period } from './period.entity';

@Entity({ name: 'courses' })
@Index('courses_tenant_updated_idx', ['tenantId', 'updatedAt'])
@Index('courses_lecturer_idx', ['lecturerId'])
@Index('courses_faculty_idx', ['facultyId'])
// By code within the campus: `filter[code]`, and the academic-system sync (campus, code, period).
@Index('courses_tenant_code_idx', ['tenantId', 'code', 'periodId'])
// Trigram index for name search; created by its migration (TypeORM cannot express GIN opclasses).
@Index('courses_name_trgm_idx', { synchronize: false })
// Full-text GIN index of the global search (src/search); made by its migration.
@Index('courses_search_idx', { synchronize: false })
export class Course {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('varchar', { length: 50, nullable: true })
  code: string | null;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('bigint', { name: 'period_id', nullable: true })
  periodId: number | null;

  @ManyToOne(() => Period, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'period_id' })
  period?: Relation<Period> | null;

  /** The faculty offering the course (set by the campus's operators; none for older courses). */
  @Column('bigint', { name: 'faculty_id', nullable: true })
  facultyId: number | null;

  @ManyToOne(() => Faculty, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'faculty_id' })
  faculty?: Relation<Faculty> | null;

  /** The course's one lecturer (identity user id). */
  @Column('bigint', { name: 'lecturer_id', nullable: true })
  lecturerId: number | null;

  @ManyToOne(() => UserProjection, { nullable: true, createForeignKeyConstraints: false })
  @JoinColumn({ name: 'lecturer_id' })
  lecturer?: Relation<UserProjection> | null;

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  @Column('varchar', { length: 500, nullable: true })
  thumbnail: string | null;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  @Column('boolean', { name: 'is_open', default: false })
  isOpen: boolean;

  @Column('boolean', { name: 'is_public', default: false })
  isPublic: boolean;

  @Column('boolean', { name: 'is_free', default: false })
  isFree: boolean;

  @Column('boolean', { name: 'is_parent', default: false })
  isParent: boolean;

  /** Imported from the academic information system. */
  @Column('boolean', { name: 'is_from_six', default: false })
  isFromSix: boolean;

  @Column('boolean', { name: 'gradebook_publish', default: false })
  gradebookPublish: boolean;

  /**
   * The gradebook has an attendance column: each student's percentage of the sent presence
   * sessions they attended (docs/gradebook.md); off by default, switched on by the lecturer.
   */
  @Column('boolean', { name: 'gradebook_presence', default: false })
  gradebookPresence: boolean;

  /**
   * Students mark the course's contents done and the staff read a completion report (Moodle's
   * "Enable completion tracking"); off by default, switched on by the lecturer.
   */
  @Column('boolean', { name: 'completion_tracking', default: false })
  completionTracking: boolean;

  @OneToMany(() => CourseModule, (module) => module.course)
  modules?: Relation<CourseModule[]>;

  @OneToMany(() => CourseClass, (courseClass) => courseClass.course)
  classes?: Relation<CourseClass[]>;

  @OneToMany(() => CourseAssistant, (assistant) => assistant.course)
  assistants?: Relation<CourseAssistant[]>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Not a column: whether the reader studies in one of the course's classes, set by the reads
   * that answer a student (its `status`). Unset means no.
   */
  viewerStudies?: boolean;
}
