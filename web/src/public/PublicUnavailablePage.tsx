import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteHandle } from '../app/useRouteHandle';
import { LOGIN_PATH } from '../auth/guard';
import { Icon } from '../layout/Icon';
import { PublicFrame } from './PublicFrame';

/** A public page whose service is not built yet (registration, password reset, SSO…). */
export default function PublicUnavailablePage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const feature = t(`features.${handle.feature ?? 'generic'}`);
  return (
    <PublicFrame>
      <div className="public-card empty-state">
        <span className="empty-icon" aria-hidden="true">
          <Icon name="alert" />
        </span>
        <h1>{handle.title ? t(handle.title) : feature}</h1>
        <p className="lead">{t('unavailable.title')}</p>
        <p className="muted">{t('unavailable.text', { feature })}</p>
        <p className="empty-actions">
          <Link className="button button-primary" to={LOGIN_PATH}>
            {t('login.signIn')}
          </Link>
        </p>
      </div>
    </PublicFrame>
  );
}
