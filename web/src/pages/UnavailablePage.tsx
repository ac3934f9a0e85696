import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteHandle } from '../app/useRouteHandle';
import { Icon } from '../layout/Icon';

/**
 * A screen of the route map whose service is not built yet: it says so and names the feature,
 * instead of showing sample data.
 */
export default function UnavailablePage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const feature = t(`features.${handle.feature ?? 'generic'}`);
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{handle.title ? t(handle.title) : feature}</h1>
      </header>
      <UnavailableNotice feature={feature} />
    </section>
  );
}

function UnavailableNotice({ feature }: { feature: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <span className="empty-icon" aria-hidden="true">
        <Icon name="alert" />
      </span>
      <h2>{t('unavailable.title')}</h2>
      <p className="muted">{t('unavailable.text', { feature })}</p>
      <p className="empty-actions">
        <Link className="button button-primary" to="/courses">
          {t('unavailable.toCourses')}
        </Link>
        <Link className="button" to="/">
          {t('common.backHome')}
        </Link>
      </p>
    </div>
  );
}
