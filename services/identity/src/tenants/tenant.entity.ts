import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SsoSettings } from '../sso/sso.settings';
import type { Language } from '../users/preferences';

export interface WhatsappContact {
  label: string;
  number: string;
}

/** A campus (the spec's lptk), found by the host name its users open. */
@Entity({ name: 'tenants' })
export class Tenant {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('varchar', { length: 200 })
  name: string;

  @Index('tenants_domain_uq', { unique: true })
  @Column('varchar', { length: 253 })
  domain: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('varchar', { length: 500, nullable: true })
  favicon: string | null;

  @Column('varchar', { name: 'landing_page_url', length: 500, nullable: true })
  landingPageUrl: string | null;

  @Column('jsonb', { default: () => `'[]'` })
  whatsapp: WhatsappContact[];

  @Column('varchar', { name: 'tawk_src', length: 500, nullable: true })
  tawkSrc: string | null;

  @Column('varchar', { name: 'time_zone', length: 64, default: 'Asia/Jakarta' })
  timeZone: string;

  /**
   * The interface language of whoever has not chosen one (visitors, new users); null: none, the
   * browser's language applies.
   */
  @Column('varchar', { name: 'default_language', length: 8, nullable: true })
  defaultLanguage: Language | null;

  /** The campus's OpenID Connect provider (without its client secret); null: passwords only. */
  @Column('jsonb', { nullable: true })
  sso: SsoSettings | null;

  /**
   * The client secret at the campus's provider. Never read unless asked for by name (only to
   * exchange a code) and never answered by any API.
   */
  @Column('text', { name: 'sso_client_secret', nullable: true, select: false })
  ssoClientSecret?: string | null;

  /**
   * Visitors may create an account themselves (a student's, active once its e-mail address is
   * verified). Never on a campus that signs in through its identity provider.
   */
  @Column('boolean', { name: 'self_registration', default: false })
  selfRegistration: boolean;

  /** The e-mail domains a self-registration may use (`students.campus.ac.id`); empty: any. */
  @Column('jsonb', { name: 'registration_email_domains', default: () => `'[]'` })
  registrationEmailDomains: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
