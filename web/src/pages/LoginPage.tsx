import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { switchAccount } from '../accounts/switchAccount';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { ADMIN_REFUSED } from '../auth/guard';
import { signIn } from '../auth/signIn';
import { startSsoSignIn } from '../auth/sso';
import { LanguageMenu } from '../layout/TopbarMenus';
import { useSiteInfoQuery } from '../site/siteApi';
import { useDocumentTitle } from '../site/useDocumentTitle';
import { WarningAlert } from '../layout/WarningAlert';
import styles from './LoginPage.module.css';
import { BrandMark } from '../layout/Brand';

/**
 * Sign-in page (public, /pages/login); the guard moves a signed-in user on to `to` or home, except
 * with `?account=add`, where a further account signs in next to the ones held (spec 01 §1). A
 * campus with an identity provider also shows its button, which signs in there (adding an account:
 * the provider lets the person choose another).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status, reason } = useAppSelector((state) => state.auth);
  const { list, activeId } = useAppSelector((state) => state.accounts);
  const site = useSiteInfoQuery(window.location.hostname);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** On the way to the campus's identity provider; or why it could not be reached. */
  const [leaving, setLeaving] = useState(false);
  const [ssoFailure, setSsoFailure] = useState<string | null>(null);
  const busy = status === 'loggingIn' || leaving;
  const adding = params.get('account') === 'add';
  const held = list.filter((account) => account.id !== activeId || !adding);
  // the tab says where the user is, not the page they signed out from
  useDocumentTitle(t('routes.login'), site.data?.name || t('app.name'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const signedIn = await dispatch(signIn({ username: username.trim(), password })).unwrap();
    if (adding && signedIn) navigate('/', { replace: true });
  };
  const signInWithSso = async () => {
    setLeaving(true);
    setSsoFailure(null);
    try {
      await dispatch(startSsoSignIn(adding)).unwrap();
    } catch {
      setLeaving(false);
      setSsoFailure(t('sso.unavailable'));
    }
  };
  const continueAs = async (id: string) => {
    if (await dispatch(switchAccount(id)).unwrap()) navigate('/', { replace: true });
  };

  return (
    <main className={styles.login}>
      <div className={styles.tools}>
        <LanguageMenu />
      </div>
      <form
        className={`public-card ${styles.card}`}
        onSubmit={(event) => void submit(event)}
        aria-labelledby="login-title"
      >
        <BrandMark name={site.data?.name || t('app.name')} large />
        <h1 id="login-title">{site.data?.name || t('login.title')}</h1>
        {site.data?.description && <p className="muted">{site.data.description}</p>}
        {adding && <p className={styles.mode}>{t('login.addAccount')}</p>}
        <WarningAlert>
          {ssoFailure ?? (reason === ADMIN_REFUSED ? t('auth.adminRefused') : reason)}
        </WarningAlert>
        <label htmlFor="username">{t('login.username')}</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <label htmlFor="password">{t('login.password')}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {status === 'loggingIn' ? t('login.signingIn') : t('login.signIn')}
        </button>
        {site.data?.sso && (
          <>
            <p className={`${styles.or} muted small`}>{t('sso.or')}</p>
            <button type="button" className="button" disabled={busy} onClick={() => void signInWithSso()}>
              {leaving ? t('sso.leaving') : site.data.sso.buttonLabel}
            </button>
          </>
        )}
        <p className={`${styles.links} small`}>
          <Link to="/pages/forgot-password">{t('routes.forgotPassword')}</Link>
          {site.data?.registration && <Link to="/pages/register">{t('routes.register')}</Link>}
          <Link to="/home-landing">{t('login.catalogue')}</Link>
        </p>
        {held.length > 0 && !busy && (
          <div className={styles.heldAccounts}>
            <p className="muted small">{t('login.continueAs')}</p>
            {held.map((account) => (
              <button
                key={account.id}
                type="button"
                className="button small"
                onClick={() => void continueAs(account.id)}
              >
                {account.fullname}
              </button>
            ))}
          </div>
        )}
        {site.data?.whatsapp.length ? (
          <p className="muted small">
            {t('login.help')}{' '}
            {site.data.whatsapp.map((contact) => (
              <a key={contact.number} href={`https://wa.me/${contact.number.replace(/\D/g, '')}`}>
                {contact.label}
              </a>
            ))}
          </p>
        ) : null}
      </form>
    </main>
  );
}
