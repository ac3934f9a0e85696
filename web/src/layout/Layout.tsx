import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation, useParams } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { buildBreadcrumbs } from '../app/routeMap';
import { useRouteHandle } from '../app/useRouteHandle';
import { useMeQuery, useOnlineMutation } from '../auth/authApi';
import { useCourseQuery } from '../courses/coursesApi';
import { AnnouncementPopup } from '../messaging/announcements/AnnouncementPopup';
import { useSiteInfoQuery } from '../site/siteApi';
import { useDocumentTitle } from '../site/useDocumentTitle';
import { cx } from '../lib/classNames';
import { Breadcrumbs } from './Breadcrumbs';
import { Sidebar } from './Sidebar';
import styles from './Layout.module.css';
import { Topbar } from './Topbar';
import { useDrawer } from './useDrawer';

/** How often the layout tells the server the user is online (their lastOnline). */
const ONLINE_PING_MS = 5 * 60_000;

/** Tells the server the user is online now and every five minutes while the layout is shown. */
function useOnlinePing() {
  const [online] = useOnlineMutation();
  useEffect(() => {
    const ping = () => void online().catch(() => undefined);
    ping();
    const timer = setInterval(ping, ONLINE_PING_MS);
    return () => clearInterval(timer);
  }, [online]);
}

/**
 * The signed-in layout (vertical, spec 01 §9): a sidebar with the role's navigation built from the
 * route map, a top bar, breadcrumbs from route metadata, and the page.
 */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const params = useParams();
  const handle = useRouteHandle();
  const me = useMeQuery();
  const site = useSiteInfoQuery(window.location.hostname);
  const folded = useAppSelector((state) => state.preferences.sidebarFolded);
  const drawer = useDrawer(location.pathname);
  useOnlinePing();

  const onCoursePage = Boolean(params.id && handle.id?.startsWith('course') && handle.id !== 'courses');
  const course = useCourseQuery(params.id ?? '', { skip: !onCoursePage });
  const courseName = onCoursePage ? course.data?.name : undefined;
  const title = handle.title ? t(handle.title) : '';
  const siteName = site.data?.name || t('app.name');
  const reduced = Boolean(handle.reducedSidebar) || folded;

  useDocumentTitle(title, siteName);

  return (
    <div className={cx(styles.app, reduced && styles.reduced, drawer.open && styles.drawerOpen)}>
      <a className={styles.skipLink} href="#main">
        {t('layout.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" data-loading aria-label={t('common.loading')} />
      )}
      <Sidebar
        siteName={siteName}
        role={me.data?.role}
        reduced={reduced}
        pageReduces={Boolean(handle.reducedSidebar)}
        open={drawer.open}
        closeRef={drawer.closeRef}
        onClose={() => drawer.close(true)}
      />
      <div className={styles.backdrop} aria-hidden="true" onClick={() => drawer.close()} />
      <div className={styles.mainColumn}>
        <Topbar
          page={{ path: location.pathname, routeId: handle.id, label: courseName }}
          user={me.data}
          drawerOpen={drawer.open}
          menuRef={drawer.menuRef}
          onMenu={drawer.toggle}
        />
        <Breadcrumbs crumbs={buildBreadcrumbs(handle.id ?? '', params, { course: courseName })} />
        <main id="main" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
        <AnnouncementPopup />
        <footer className={`${styles.footer} muted small`}>
          © {new Date().getFullYear()} {siteName}
        </footer>
      </div>
    </div>
  );
}
