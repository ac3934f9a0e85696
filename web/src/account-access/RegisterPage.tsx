import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '../auth/guard';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { useSiteInfoQuery } from '../site/siteApi';
import { AccessCard } from './AccessCard';
import { useRegisterMutation } from './accountAccessApi';
import { EmailField } from './EmailField';
import { PasswordFields } from './PasswordFields';
import { refusalText, refusedField } from './refusal';

/**
 * `/pages/register`: a visitor creates their own student account, where the campus allows it
 * (its public site info says so). The account exists once the link mailed to the address is
 * followed; the page says to check the mailbox, whatever the mail turns out to say.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const site = useSiteInfoQuery(window.location.hostname);
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [register, { isLoading, error }] = useRegisterMutation();
  const registration = site.data?.registration ?? null;
  const domains = registration?.emailDomains.join(', ') ?? '';
  const refused = refusedField(error);

  const submit = async () => {
    if (isLoading || repeated !== password) return;
    const address = email.trim();
    const result = await register({ name: name.trim(), username: username.trim(), email: address, password });
    if (!('error' in result)) setSentTo(address);
  };

  let content;
  if (site.isLoading)
    content = (
      <p role="status" className="muted">
        {t('common.loading')}
      </p>
    );
  else if (sentTo !== null)
    content = <p role="status">{t('accountAccess.register.sent', { email: sentTo })}</p>;
  else if (!registration)
    content = (
      <>
        <WarningAlert>
          {site.data?.sso ? t('accountAccess.register.sso') : t('accountAccess.register.closed')}
        </WarningAlert>
        <Link className="button button-primary" to={LOGIN_PATH}>
          {t('login.signIn')}
        </Link>
      </>
    );
  else
    content = (
      <>
        <p className="muted">{t('accountAccess.register.text')}</p>
        <WarningAlert>
          {error
            ? refusalText(error, t, {
                registration_closed: t('accountAccess.register.closed'),
                email_domain_not_allowed: t('accountAccess.register.domainNotAllowed', { domains }),
              })
            : null}
        </WarningAlert>
        <InputField
          id="name"
          label={t('accountAccess.register.name')}
          autoComplete="name"
          required
          maxLength={200}
          value={name}
          onChange={setName}
          invalid={refused === 'name'}
        />
        <InputField
          id="username"
          label={t('login.username')}
          autoComplete="username"
          required
          minLength={3}
          maxLength={100}
          pattern="[A-Za-z0-9][A-Za-z0-9._\-]{2,99}"
          aria-describedby="username-hint"
          value={username}
          onChange={setUsername}
          invalid={refused === 'username'}
        />
        <p id="username-hint" className="muted small">
          {t('accountAccess.register.usernameHint')}
        </p>
        <EmailField
          value={email}
          onChange={setEmail}
          invalid={refused === 'email'}
          hint={domains ? t('accountAccess.register.domains', { domains }) : undefined}
        />
        <PasswordFields
          password={password}
          repeated={repeated}
          onPassword={setPassword}
          onRepeated={setRepeated}
          invalid={refused === 'password'}
        />
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? t('accountAccess.sending') : t('accountAccess.register.submit')}
        </button>
      </>
    );
  return (
    <AccessCard
      id="register"
      title={t('routes.register')}
      onSubmit={registration && sentTo === null ? () => void submit() : undefined}
      links={<Link to={LOGIN_PATH}>{t('accountAccess.register.haveAccount')}</Link>}
    >
      {content}
    </AccessCard>
  );
}
