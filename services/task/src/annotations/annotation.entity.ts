import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Motivation, PdfSelector } from './annotations.rules';

/**
 * An annotation as kept: a W3C Web Annotation (https://www.w3.org/TR/annotation-model/) whose
 * target is one file of an answer. The `color` member extends the model (JSON-LD allows it).
 */
export interface WebAnnotation {
  '@context': 'http://www.w3.org/ns/anno.jsonld';
  type: 'Annotation';
  motivation: Motivation;
  body?: { type: 'TextualBody'; value: string; format: 'text/plain' };
  target: { source: string; selector: PdfSelector & { type: 'PdfSelector' } };
  color: string;
}

/**
 * A staff member's annotation of a PDF handed in with an answer (highlight, note or ink). The
 * student's file is never rewritten: annotations are drawn over it by the viewer, or onto a
 * copy by `GET …/files/{key}/annotated`.
 */
@Entity({ name: 'task_annotations' })
@Index('task_annotations_answer_file_idx', ['answerId', 'fileKey'])
export class TaskAnnotation {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'answer_id' })
  answerId: number;

  /** The annotated file (`target.source`): a key of the answer's `files`. */
  @Column('varchar', { name: 'file_key', length: 512 })
  fileKey: string;

  @Column('bigint', { name: 'author_id' })
  authorId: number;

  @Column('jsonb')
  body: WebAnnotation;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
