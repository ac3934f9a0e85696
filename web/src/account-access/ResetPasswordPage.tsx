import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '../auth/guard';
import { WarningAlert } from '../layout/WarningAlert';
import { AccessCard } from './AccessCard';
import { useResetPasswordMutation } from './accountAccessApi';
import { PasswordFields } from './PasswordFields';
import { refusalText, refusedField } from './refusal';
import { errorCode } from '../tasks/student/errors';

/**
 * `/pages/reset-password?token=…`: the page of the link mailed by "forgot password". Sets a new
 * password once; every session of the account ends, so it signs in again.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [done, setDone] = useState(false);
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();
  const linkInvalid = errorCode(error) === 'reset_link_invalid';

  const submit = async () => {
    if (isLoading || repeated !== password) return;
    const result = await resetPassword({ token, password });
    if (!('error' in result)) setDone(true);
  };

  const askAgain = (
    <Link className="button button-primary" to="/pages/forgot-password">
      {t('accountAccess.reset.askAgain')}
    </Link>
  );
  let content;
  if (done)
    content = (
      <>
        <p role="status">{t('accountAccess.reset.done')}</p>
        <Link className="button button-primary" to={LOGIN_PATH}>
          {t('login.signIn')}
        </Link>
      </>
    );
  else if (!token || linkInvalid)
    content = (
      <>
        <WarningAlert>
          {token ? t('accountAccess.reset.linkInvalid') : t('accountAccess.reset.noToken')}
        </WarningAlert>
        {askAgain}
      </>
    );
  else
    content = (
      <>
        <p className="muted">{t('accountAccess.reset.text')}</p>
        <WarningAlert>{error ? refusalText(error, t) : null}</WarningAlert>
        <PasswordFields
          password={password}
          repeated={repeated}
          onPassword={setPassword}
          onRepeated={setRepeated}
          invalid={refusedField(error) === 'password'}
        />
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? t('accountAccess.saving') : t('accountAccess.reset.save')}
        </button>
      </>
    );
  const asForm = Boolean(token) && !done && !linkInvalid;
  return (
    <AccessCard
      id="reset"
      title={t('routes.resetPassword')}
      onSubmit={asForm ? () => void submit() : undefined}
      links={done ? null : <Link to={LOGIN_PATH}>{t('accountAccess.backToSignIn')}</Link>}
    >
      {content}
    </AccessCard>
  );
}
