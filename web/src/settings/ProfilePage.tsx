import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../auth/authApi';
import { initials } from '../layout/TopbarMenus';
import { Spinner } from '../layout/Spinner';
import { useDates } from '../lib/dates';
import styles from './ProfilePage.module.css';

/** The signed-in user's profile as the identity service holds it (read-only for now). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const me = useMeQuery();
  const user = me.data;
  if (!user) return <Spinner label={t('guard.loadingAccount')} />;
  const rows: Array<[string, string | null]> = [
    [t('profile.fullname'), user.fullname],
    [t('profile.username'), user.username],
    [t('profile.email'), user.email],
    [t('profile.role'), t(`roles.${user.role}`)],
    [t('profile.university'), user.universityName],
    [
      user.role === 'student' ? t('profile.nim') : t('profile.nidn'),
      user.role === 'student' ? user.nim : user.nidn,
    ],
    [t('profile.notificationEmail'), user.notificationEmail],
    [t('profile.lastOnline'), dateTime(user.lastOnline)],
  ];
  return (
    <section aria-labelledby="profile-title">
      <header className="page-header">
        <h1 id="profile-title">{t('routes.profile')}</h1>
      </header>
      <div className={`card ${styles.card}`}>
        <div className={styles.head}>
          <span className="avatar avatar-large" aria-hidden="true">
            {user.avatar ? <img src={user.avatar} alt="" /> : initials(user.fullname)}
          </span>
          <div>
            <h2>{user.fullname}</h2>
            <p className="muted">{t(`roles.${user.role}`)}</p>
          </div>
        </div>
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || t('profile.notSet')}</dd>
            </div>
          ))}
        </dl>
        <p className="muted small">{t('profile.editingUnavailable')}</p>
      </div>
    </section>
  );
}
