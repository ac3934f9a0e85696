import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An image uploaded for the rich text of a course's questions (`exam/<campus>/<course>/images/<uuid>`
 * in the exam service's store): who put it there, its size and its type as stored. Only an image
 * recorded here is ever served.
 */
@Entity({ name: 'exam_images' })
@Index('exam_images_course_idx', ['courseId'])
export class ExamImage {
  @PrimaryColumn('varchar', { name: 'blob_key', length: 300 })
  blobKey: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'added_by' })
  addedBy: number;

  @Column('bigint', { transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  size: number;

  @Column('varchar', { length: 100 })
  mime: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
