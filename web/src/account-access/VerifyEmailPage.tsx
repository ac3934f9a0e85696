import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '../auth/guard';
import { WarningAlert } from '../layout/WarningAlert';
import { AccessCard } from './AccessCard';
import { useVerifyEmailMutation } from './accountAccessApi';
import { refusalText } from './refusal';

/**
 * `/pages/verify-email?token=…`: the page of the link a registration mails. Following it once
 * makes the account, which then signs in.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verify, { isSuccess, error }] = useVerifyEmailMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    void verify({ token });
  }, [token, verify]);

  let content;
  if (isSuccess)
    content = (
      <>
        <p role="status">{t('accountAccess.verify.done')}</p>
        <Link className="button button-primary" to={LOGIN_PATH}>
          {t('login.signIn')}
        </Link>
      </>
    );
  else if (!token || error)
    content = (
      <>
        <WarningAlert>
          {error
            ? refusalText(error, t, {
                verification_link_invalid: t('accountAccess.verify.invalid'),
                username_taken: t('accountAccess.verify.taken'),
              })
            : t('accountAccess.verify.noToken')}
        </WarningAlert>
        <Link className="button button-primary" to="/pages/register">
          {t('accountAccess.verify.registerAgain')}
        </Link>
      </>
    );
  else
    content = (
      <p role="status" className="muted">
        {t('accountAccess.verify.checking')}
      </p>
    );
  return (
    <AccessCard id="verify" title={t('routes.verifyEmail')}>
      {content}
    </AccessCard>
  );
}
