import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { signIn } from '../auth/signIn';
import { useSiteInfoQuery } from '../site/siteApi';

/** Sign-in page (public, /pages/login); the guard moves a signed-in user on to `to` or home. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const { status, reason } = useAppSelector((state) => state.auth);
  const site = useSiteInfoQuery(window.location.hostname);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const busy = status === 'loggingIn';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void dispatch(signIn({ username: username.trim(), password }));
  };

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">{site.data?.name ?? 'Learning Management System'}</h1>
        {site.data?.description && <p className="muted">{site.data.description}</p>}
        {reason && (
          <p className="alert alert-warning" role="alert">
            {reason}
          </p>
        )}
        <label htmlFor="username">Username</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <label htmlFor="password">Password</label>
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
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {site.data?.whatsapp.length ? (
          <p className="muted small">
            Help:{' '}
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
