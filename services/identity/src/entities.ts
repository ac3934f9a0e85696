import { InboxEvent, OutboxEvent } from '@lms/events';
import { MEMBERSHIPS } from '@lms/projections';
import { PasswordReset } from './passwords/password-reset.entity';
import { Registration } from './registrations/registration.entity';
import { RefreshToken } from './sessions/refresh-token.entity';
import { SsoAttempt, SsoSession } from './sso/sso.entities';
import { TenantDomain } from './tenants/tenant-domain.entity';
import { Tenant } from './tenants/tenant.entity';
import { User } from './users/user.entity';

export const ENTITIES = [
  Tenant,
  TenantDomain,
  User,
  RefreshToken,
  SsoAttempt,
  SsoSession,
  PasswordReset,
  Registration,
  ...MEMBERSHIPS.entities,
  OutboxEvent,
  InboxEvent,
];
