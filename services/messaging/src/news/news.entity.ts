import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A news item of a campus (spec 03 §3 "News"): written by its administrators, shown on the
 * public landing page once published.
 */
@Entity({ name: 'news' })
@Index('news_tenant_published_idx', ['tenantId', 'isPublished', 'publishedAt'])
export class News {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 255 })
  title: string;

  /** The article (rich text, HTML). */
  @Column('text')
  contents: string;

  @Column('jsonb', { default: () => `'[]'` })
  tags: string[];

  @Column('varchar', { length: 500, nullable: true })
  thumbnail: string | null;

  @Column('boolean', { name: 'is_published', default: false })
  isPublished: boolean;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt: Date | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
