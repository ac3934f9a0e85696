import { useEffect } from 'react';
import { Link, NavLink, Outlet, useMatches, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { useMeQuery, useOnlineMutation } from '../auth/authApi';
import type { RouteHandle } from '../auth/Guard';
import { signOut } from '../auth/signIn';
import { useSiteInfoQuery } from '../site/siteApi';

/** How often the layout tells the server the user is online (their lastOnline). */
const ONLINE_PING_MS = 5 * 60_000;

/** The signed-in layout: header with navigation and the user, breadcrumbs from route metadata. */
export function Layout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const me = useMeQuery();
  const site = useSiteInfoQuery(window.location.hostname);
  const [online] = useOnlineMutation();
  const matches = useMatches();
  const titled = matches.filter((match) => (match.handle as RouteHandle | undefined)?.title);
  const title = (titled[titled.length - 1]?.handle as RouteHandle | undefined)?.title;
  const siteName = site.data?.name ?? 'LMS';

  useEffect(() => {
    const ping = () => void online().catch(() => undefined);
    ping();
    const timer = setInterval(ping, ONLINE_PING_MS);
    return () => clearInterval(timer);
  }, [online]);

  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);

  const logOut = async () => {
    await dispatch(signOut(undefined));
    navigate('/pages/login', { replace: true });
  };

  return (
    <div className="layout">
      <header className="topbar">
        <Link to="/" className="brand">
          {siteName}
        </Link>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/courses">Courses</NavLink>
        </nav>
        <div className="user">
          <span className="user-name">{me.data?.fullname}</span>
          <button type="button" className="button" onClick={() => void logOut()}>
            Log out
          </button>
        </div>
      </header>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {titled
            .filter((match) => match.pathname !== '/')
            .map((match) => (
              <li key={match.id}>
                <Link to={match.pathname}>{(match.handle as RouteHandle).title}</Link>
              </li>
            ))}
        </ol>
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
