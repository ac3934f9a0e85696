import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navFor } from '../app/routeMap';
import type { Role } from '../auth/authApi';
import { sidebarFoldToggled } from '../preferences/preferencesSlice';
import { Icon } from './Icon';
import styles from './Sidebar.module.css';

/** The brand, the role's navigation built from the route map, and the fold button. */
export function Sidebar({
  siteName,
  role,
  reduced,
  pageReduces,
  closeRef,
  onClose,
}: {
  siteName: string;
  role: Role | undefined;
  /** Icons only (folded by the user, or a reduced-sidebar page). */
  reduced: boolean;
  /** The page itself reduces the sidebar: the fold button is hidden. */
  pageReduces: boolean;
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const folded = useAppSelector((state) => state.preferences.sidebarFolded);
  return (
    <aside id="sidebar" className="sidebar" aria-label={t('layout.sidebar')}>
      <div className="sidebar-brand">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            {siteName.slice(0, 1)}
          </span>
          <span className="brand-name">{siteName}</span>
        </Link>
        <button
          ref={closeRef}
          type="button"
          className="icon-button drawer-close"
          aria-label={t('layout.closeMenu')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <nav className="sidebar-nav" aria-label={t('layout.mainNavigation')}>
        {navFor(role).map((group) => (
          <div key={group.section} className="nav-section">
            <h2 className="nav-heading">{t(`nav.${group.section}`)}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.id}>
                  <NavLink
                    to={item.path}
                    end={item.path === '/'}
                    title={reduced ? t(item.titleKey) : undefined}
                  >
                    <Icon name={item.icon} />
                    <span className="nav-label">
                      {t(item.titleKey)}
                      {item.upcoming && <span className="sr-only"> ({t('unavailable.soon')})</span>}
                    </span>
                    {item.upcoming && (
                      <span className={styles.soon} title={t('unavailable.soon')} aria-hidden="true" />
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {!pageReduces && (
        <button
          type="button"
          className="fold-button"
          aria-pressed={folded}
          onClick={() => dispatch(sidebarFoldToggled())}
        >
          <Icon name="fold" className={folded ? 'flip' : undefined} />
          <span className="nav-label">{folded ? t('layout.unfoldSidebar') : t('layout.foldSidebar')}</span>
        </button>
      )}
    </aside>
  );
}
