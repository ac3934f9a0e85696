import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserInfo } from '../auth/authApi';
import { Icon } from './Icon';
import styles from './Topbar.module.css';
import { NotificationBell } from '../messaging/alerts/NotificationBell';
import { ChatLink } from '../messaging/chat/ChatLink';
import { SearchBox } from '../search/SearchBox';
import { LanguageMenu, StarButton, StarredMenu, ThemeMenu, UserMenu } from './TopbarMenus';

/** The top bar: menu (small screens), starred pages, the search, language, theme, messages, chat, notifications, accounts. */
export function Topbar({
  page,
  user,
  drawerOpen,
  menuRef,
  onMenu,
}: {
  /** The page being shown, to star it: its path, route id and a label known from state. */
  page: { path: string; routeId: string | undefined; label: string | undefined };
  user: UserInfo | undefined;
  drawerOpen: boolean;
  menuRef: RefObject<HTMLButtonElement | null>;
  onMenu: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className={styles.topbar}>
      <button
        ref={menuRef}
        type="button"
        className={`icon-button ${styles.menuToggle}`}
        aria-controls="sidebar"
        aria-expanded={drawerOpen}
        aria-label={t('layout.openMenu')}
        onClick={onMenu}
      >
        <Icon name="menu" />
      </button>
      {page.routeId && <StarButton path={page.path} routeId={page.routeId} label={page.label} />}
      <StarredMenu />
      <SearchBox />
      <div className={styles.spacer} />
      <LanguageMenu />
      <ThemeMenu />
      <Link
        className={`icon-button ${styles.wideOnly}`}
        to="/messages"
        aria-label={t('routes.messages')}
        title={t('routes.messages')}
      >
        <Icon name="mail" />
      </Link>
      <ChatLink />
      <NotificationBell />
      <UserMenu user={user} />
    </header>
  );
}
