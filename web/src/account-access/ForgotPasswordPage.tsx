import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '../auth/guard';
import { WarningAlert } from '../layout/WarningAlert';
import { AccessCard } from './AccessCard';
import { useForgotPasswordMutation } from './accountAccessApi';
import { EmailField } from './EmailField';
import { refusalText, refusedField } from './refusal';

/**
 * `/pages/forgot-password`: asks for a link by mail to choose a new password. The page says the
 * same whether or not the address has an account, as the server answers.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [forgot, { isLoading, error }] = useForgotPasswordMutation();

  const submit = async () => {
    if (isLoading) return;
    const address = email.trim();
    const result = await forgot({ email: address });
    if (!('error' in result)) setSentTo(address);
  };

  return (
    <AccessCard
      id="forgot"
      title={t('routes.forgotPassword')}
      onSubmit={sentTo === null ? () => void submit() : undefined}
      links={<Link to={LOGIN_PATH}>{t('accountAccess.backToSignIn')}</Link>}
    >
      {sentTo !== null ? (
        <p role="status">{t('accountAccess.forgot.sent', { email: sentTo })}</p>
      ) : (
        <>
          <p className="muted">{t('accountAccess.forgot.text')}</p>
          <WarningAlert>{error ? refusalText(error, t) : null}</WarningAlert>
          <EmailField value={email} onChange={setEmail} invalid={refusedField(error) === 'email'} />
          <button type="submit" className="button button-primary" disabled={isLoading}>
            {isLoading ? t('accountAccess.sending') : t('accountAccess.forgot.send')}
          </button>
        </>
      )}
    </AccessCard>
  );
}
