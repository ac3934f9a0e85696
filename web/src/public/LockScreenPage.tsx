import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { ADMIN_REFUSED, LOGIN_PATH } from '../auth/guard';
import { signIn } from '../auth/signIn';
import { initials } from '../layout/TopbarMenus';
import { PublicFrame } from './PublicFrame';
import styles from './LockScreenPage.module.css';
import { WarningAlert } from '../layout/WarningAlert';

/** The lock screen: the last account used on this browser unlocks with its password. */
export default function LockScreenPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, reason } = useAppSelector((state) => state.auth);
  const { list, activeId } = useAppSelector((state) => state.accounts);
  const account = list.find((candidate) => candidate.id === activeId) ?? list[list.length - 1];
  const [password, setPassword] = useState('');
  const busy = status === 'loggingIn';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || busy) return;
    if (await dispatch(signIn({ username: account.username, password })).unwrap())
      navigate('/', { replace: true });
  };

  return (
    <PublicFrame>
      <form
        className={`public-card ${styles.card}`}
        onSubmit={(event) => void submit(event)}
        aria-labelledby="lock-title"
      >
        <span className="avatar avatar-large" aria-hidden="true">
          {initials(account?.fullname)}
        </span>
        <h1 id="lock-title">{t('routes.lockScreen')}</h1>
        {account ? (
          <>
            <p className="muted">{t('lock.text', { name: account.fullname })}</p>
            <WarningAlert>{reason === ADMIN_REFUSED ? t('auth.adminRefused') : reason}</WarningAlert>
            <label htmlFor="lock-password">{t('login.password')}</label>
            <input
              id="lock-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? t('login.signingIn') : t('lock.unlock')}
            </button>
            <Link to={LOGIN_PATH} className="small">
              {t('lock.otherAccount')}
            </Link>
          </>
        ) : (
          <>
            <p className="muted">{t('lock.noAccount')}</p>
            <Link className="button button-primary" to={LOGIN_PATH}>
              {t('login.signIn')}
            </Link>
          </>
        )}
      </form>
    </PublicFrame>
  );
}
