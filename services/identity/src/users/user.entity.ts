import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlatformRole } from '@lms/auth';
import type { Language, Theme } from './preferences';

@Entity({ name: 'users' })
@Index('users_tenant_username_uq', ['tenantId', 'username'], { unique: true })
@Index('users_tenant_name_idx', ['tenantId', 'name'])
export class User {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** Stored lower-case: sign-in is case-insensitive. */
  @Column('varchar', { length: 100 })
  username: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  /** Platform role; the spec calls it level. */
  @Column('varchar', { length: 16 })
  level: PlatformRole;

  @Column('boolean', { default: true })
  active: boolean;

  @Column('varchar', { length: 500, nullable: true })
  thumbnail: string | null;

  /** Lecturer number (NIDN). */
  @Column('varchar', { length: 32, nullable: true })
  nidn: string | null;

  /** Student number (NIM). */
  @Column('varchar', { length: 32, nullable: true })
  nim: string | null;

  @Column('bigint', { name: 'period_id', nullable: true })
  periodId: number | null;

  @Column('varchar', { name: 'notification_email', length: 254, nullable: true })
  notificationEmail: string | null;

  /** The interface language the user chose; null: none yet (the campus's default applies, else the browser's). */
  @Column('varchar', { length: 8, nullable: true })
  language: Language | null;

  /** The theme the user chose; null: none yet (light). */
  @Column('varchar', { length: 16, nullable: true })
  theme: Theme | null;

  @Column('timestamptz', { name: 'last_online', nullable: true })
  lastOnline: Date | null;

  @Column('timestamptz', { name: 'last_login_at', nullable: true })
  lastLoginAt: Date | null;

  @Column('integer', { name: 'login_count', default: 0 })
  loginCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
