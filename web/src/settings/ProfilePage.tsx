import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserInfo, useMeQuery, useSaveProfileMutation } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';
import { useDates } from '../lib/dates';
import { LanguageField } from '../preferences/LanguageField';
import { AvatarEditor } from './AvatarEditor';
import styles from './ProfilePage.module.css';

/**
 * The signed-in user's profile: what the campus holds of them (read-only: name, role, numbers),
 * and what they change themselves — their picture, the e-mail notifications go to, the language.
 */
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
    [t('profile.lastOnline'), dateTime(user.lastOnline)],
  ];
  return (
    <section aria-labelledby="profile-title">
      <header className="page-header">
        <h1 id="profile-title">{t('routes.profile')}</h1>
      </header>
      <div className={`card ${styles.card}`}>
        <div className={styles.head}>
          <div>
            <h2>{user.fullname}</h2>
            <p className="muted">{t(`roles.${user.role}`)}</p>
          </div>
        </div>
        <AvatarEditor user={user} />
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || t('profile.notSet')}</dd>
            </div>
          ))}
        </dl>
        <p className="muted small">{t('profile.heldByCampus')}</p>
      </div>
      <div className={`card card-body ${styles.card}`}>
        <h2 className="section-title">{t('profile.yourSettings')}</h2>
        <NotificationEmailForm key={user.notificationEmail ?? ''} user={user} />
        <LanguageField />
      </div>
    </section>
  );
}

/** The e-mail address notifications go to (empty: the account's own). */
function NotificationEmailForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(user.notificationEmail ?? '');
  const [save, saving] = useSaveProfileMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ id: user.id, notification_email: value.trim() || null });
  };
  return (
    <form className={`form-row ${styles.emailForm}`} onSubmit={submit}>
      <div className="field grow">
        <label htmlFor="notification-email">{t('profile.notificationEmail')}</label>
        <input
          id="notification-email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={value}
          placeholder={user.email ?? undefined}
          aria-describedby="notification-email-help"
          onChange={(event) => setValue(event.target.value)}
        />
        <p id="notification-email-help" className="muted small">
          {t('profile.notificationEmailHelp')}
        </p>
      </div>
      <button type="submit" className="button" disabled={saving.isLoading}>
        {t('profile.save')}
      </button>
    </form>
  );
}
