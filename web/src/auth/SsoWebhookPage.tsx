import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicFrame } from '../public/PublicFrame';
import { LOGIN_PATH } from './guard';
import styles from './sso.module.css';

/**
 * `/webhook/sso` opened in a browser: the address receives the identity provider's sign-out
 * notices (posted to the gateway), nothing a person uses.
 */
export default function SsoWebhookPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('routes.ssoWebhook')}>
      <section className={`public-card ${styles.card}`} aria-labelledby="webhook-title">
        <h1 id="webhook-title">{t('routes.ssoWebhook')}</h1>
        <p className="muted">{t('sso.webhook')}</p>
        <Link className="button button-primary" to={LOGIN_PATH}>
          {t('sso.backToSignIn')}
        </Link>
      </section>
    </PublicFrame>
  );
}
