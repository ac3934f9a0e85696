import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navFor } from '../app/routeMap';
import type { Role } from '../auth/authApi';
import { cx } from '../lib/classNames';
import { sidebarFoldToggled } from '../preferences/preferencesSlice';
import { Brand } from './Brand';
import { Icon } from './Icon';
import styles from './Sidebar.module.css';

/** The brand, the role's navigation built from the route map, and the fold button. */
export function Sidebar({
  siteName,
  role,
  reduced,
  pageReduces,
  open,
  closeRef,
  onClose,
}: {
  siteName: string;
  role: Role | undefined;
  /** Icons only (folded by the user, or a reduced-sidebar page). */
  reduced: boolean;
  /** The page itself reduces the sidebar: the fold button is hidden. */
  pageReduces: boolean;
  /** Shown as a drawer (small screens). */
  open: boolean;
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const folded = useAppSelector((state) => state.preferences.sidebarFolded);
  return (
    <aside
      id="sidebar"
      className={cx(styles.sidebar, reduced && styles.reduced, open && styles.open)}
      aria-label={t('layout.sidebar')}
    >
      <div className={styles.brandRow}>
        <Brand name={siteName} nameClassName={styles.label} />
        <button
          ref={closeRef}
          type="button"
          className={`icon-button ${styles.close}`}
          aria-label={t('layout.closeMenu')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <nav className={styles.nav} aria-label={t('layout.mainNavigation')}>
        {navFor(role).map((group) => (
          <div key={group.section} className={styles.section}>
            <h2 className={styles.heading}>{t(`nav.${group.section}`)}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.id}>
                  <NavLink
                    to={item.path}
                    end={item.path === '/'}
                    title={reduced ? t(item.titleKey) : undefined}
                  >
                    <Icon name={item.icon} />
                    <span className={styles.label}>
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
          className={styles.fold}
          aria-pressed={folded}
          onClick={() => dispatch(sidebarFoldToggled())}
        >
          <Icon name="fold" className={folded ? 'flip' : undefined} />
          <span className={styles.label}>{folded ? t('layout.unfoldSidebar') : t('layout.foldSidebar')}</span>
        </button>
      )}
    </aside>
  );
}
