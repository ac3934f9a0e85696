import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigation, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { buildBreadcrumbs, navFor } from '../app/routeMap';
import { useRouteHandle } from '../app/useRouteHandle';
import { useMeQuery, useOnlineMutation } from '../auth/authApi';
import { useCourseQuery } from '../courses/coursesApi';
import { sidebarFoldToggled } from '../preferences/preferencesSlice';
import { useSiteInfoQuery } from '../site/siteApi';
import { Icon } from './Icon';
import { LanguageMenu, NotificationMenu, StarButton, StarredMenu, ThemeMenu, UserMenu } from './TopbarMenus';

/** How often the layout tells the server the user is online (their lastOnline). */
const ONLINE_PING_MS = 5 * 60_000;

/**
 * The signed-in layout (vertical, spec 01 §9): a sidebar with the role's navigation built from the
 * route map, a top bar (menu, starred pages, language, theme, messages, notifications, accounts),
 * breadcrumbs from route metadata, and the page.
 */
export function Layout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigation = useNavigation();
  const params = useParams();
  const handle = useRouteHandle();
  const me = useMeQuery();
  const site = useSiteInfoQuery(window.location.hostname);
  const [online] = useOnlineMutation();
  const folded = useAppSelector((state) => state.preferences.sidebarFolded);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const drawerClose = useRef<HTMLButtonElement>(null);
  const [drawerPath, setDrawerPath] = useState(location.pathname);

  // The drawer (small screens) closes whenever another page opens.
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }

  const onCoursePage = Boolean(params.id && handle.id?.startsWith('course') && handle.id !== 'courses');
  const course = useCourseQuery(params.id ?? '', { skip: !onCoursePage });
  const crumbs = buildBreadcrumbs(handle.id ?? '', params, {
    course: onCoursePage ? course.data?.name : undefined,
  });
  const title = handle.title ? t(handle.title) : '';
  const siteName = site.data?.name || t('app.name');
  const reduced = Boolean(handle.reducedSidebar) || folded;
  const sections = navFor(me.data?.role);

  useEffect(() => {
    const ping = () => void online().catch(() => undefined);
    ping();
    const timer = setInterval(ping, ONLINE_PING_MS);
    return () => clearInterval(timer);
  }, [online]);

  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);

  // The drawer takes the focus when it opens; Escape closes it and gives the focus back to the menu button.
  useEffect(() => {
    if (!drawerOpen) return;
    drawerClose.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className={`app${reduced ? ' app-reduced' : ''}${drawerOpen ? ' drawer-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      )}
      <aside id="sidebar" className="sidebar" aria-label={t('layout.sidebar')}>
        <div className="sidebar-brand">
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              {siteName.slice(0, 1)}
            </span>
            <span className="brand-name">{siteName}</span>
          </Link>
          <button
            ref={drawerClose}
            type="button"
            className="icon-button drawer-close"
            aria-label={t('layout.closeMenu')}
            onClick={() => {
              setDrawerOpen(false);
              menuToggle.current?.focus();
            }}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav className="sidebar-nav" aria-label={t('layout.mainNavigation')}>
          {sections.map((group) => (
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
                      <span className="nav-label">{t(item.titleKey)}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {!handle.reducedSidebar && (
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
      <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      <div className="main-column">
        <header className="topbar">
          <button
            ref={menuToggle}
            type="button"
            className="icon-button menu-toggle"
            aria-controls="sidebar"
            aria-expanded={drawerOpen}
            aria-label={t('layout.openMenu')}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <Icon name="menu" />
          </button>
          {handle.id && (
            <StarButton
              path={location.pathname}
              routeId={handle.id}
              label={onCoursePage ? course.data?.name : undefined}
            />
          )}
          <StarredMenu />
          <div className="topbar-spacer" />
          <LanguageMenu />
          <ThemeMenu />
          <Link
            className="icon-button"
            to="/messages"
            aria-label={t('routes.messages')}
            title={t('routes.messages')}
          >
            <Icon name="mail" />
          </Link>
          <NotificationMenu />
          <UserMenu user={me.data} />
        </header>
        {crumbs.length > 1 && (
          <nav className="breadcrumbs" aria-label={t('layout.breadcrumb')}>
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
        )}
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
        <footer className="footer muted small">
          © {new Date().getFullYear()} {siteName}
        </footer>
      </div>
    </div>
  );
}
