import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Crumb } from '../app/routeMap';
import styles from './Breadcrumbs.module.css';

/** The trail from Home to the page (shown from the second level on); the page itself is not a link. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  if (crumbs.length <= 1) return null;
  return (
    <nav className={styles.breadcrumbs} aria-label={t('layout.breadcrumb')}>
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.id}>
            {crumb.href ? (
              <Link to={crumb.href}>{crumb.label ?? t(crumb.titleKey)}</Link>
            ) : (
              <span aria-current="page">{crumb.label ?? t(crumb.titleKey)}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
