import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { Init1795387450004 } from './1795387450004-init';
import { DropAccountLockout1795460322639 } from './1795460322639-drop-account-lockout';
import { Memberships1795472748983 } from './1795472748983-memberships';
import { InterfacePreferences1795481511268 } from './1795481511268-interface-preferences';
import { TenantDomains1795533816508 } from './1795533816508-tenant-domains';
import { SingleSignOn1795541490886 } from './1795541490886-single-sign-on';
import { PasswordResets1795546736455 } from './1795546736455-password-resets';
import { CourseClasses1795552839547 } from './1795552839547-course-classes';
import { SelfRegistration1795553137376 } from './1795553137376-self-registration';
import { SsoIdToken1795553697154 } from './1795553697154-sso-id-token';

/** Every migration of the identity database, oldest first. */
export const MIGRATIONS = [
  EventsTables1763800000000,
  Init1795387450004,
  DropAccountLockout1795460322639,
  Memberships1795472748983,
  InterfacePreferences1795481511268,
  OutboxOrder1795533482436,
  TenantDomains1795533816508,
  SingleSignOn1795541490886,
  PasswordResets1795546736455,
  CourseClasses1795552839547,
  SelfRegistration1795553137376,
  SsoIdToken1795553697154,
];
