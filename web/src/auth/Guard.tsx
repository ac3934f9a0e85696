import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { useSiteInfoQuery } from '../site/siteApi';
import { useMeQuery } from './authApi';
import { isAuthValid } from './authSlice';
import { decideRoute, type RouteRule } from './guard';
import { signOut } from './signIn';

/** Route metadata (`handle`) of every route in the map (see app/routeMap.ts). */
export interface RouteHandle extends RouteRule {
  /** The route id of the map. */
  id?: string;
  /** i18n key of the page title. */
  title?: string;
  /** The sidebar shrinks to icons on this page. */
  reducedSidebar?: boolean;
  /** For pages whose service is not built yet: the feature they will show (i18n key `features.{feature}`). */
  feature?: string;
}

/** The rule of the deepest matched route that states one (spec 01 §2 route metadata). */
function useRouteRule(rule: RouteRule | undefined): RouteRule {
  const matches = useMatches();
  if (rule) return rule;
  const handles = matches.map((match) => match.handle as RouteHandle | undefined).filter(Boolean);
  return handles[handles.length - 1] ?? {};
}

/** The route guard of spec 01 §2 around a public page or the signed-in layout. */
export function Guard({ rule, children }: { rule?: RouteRule; children: ReactNode }) {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const effective = useRouteRule(rule);
  const { stored, status } = useAppSelector((state) => state.auth);
  const authValid = isAuthValid(stored);
  const site = useSiteInfoQuery(window.location.hostname, { skip: authValid || location.pathname !== '/' });
  const me = useMeQuery(undefined, { skip: !authValid || effective.public });

  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    rule: effective,
    authValid,
    signingIn: status === 'loggingIn',
    role: me.data?.role,
    landingPageUrl: site.data?.landingPageUrl,
  });

  const leaveFor = decision.kind === 'leave' ? decision.href : null;
  const logoutFor = decision.kind === 'logout' ? decision.reason : null;
  useEffect(() => {
    if (leaveFor) window.location.assign(leaveFor);
    if (logoutFor) void dispatch(signOut(logoutFor));
  }, [leaveFor, logoutFor, dispatch]);

  if (!authValid && location.pathname === '/' && site.isLoading)
    return <Spinner label={t('common.loading')} />;
  switch (decision.kind) {
    case 'render':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'wait':
      if (me.isError) {
        return (
          <div className="page-message" role="alert">
            <h1>{t('guard.accountFailed')}</h1>
            <p>{notificationFor(me.error, t('common.tryAgainLater')).text}</p>
            <button type="button" className="button" onClick={() => void me.refetch()}>
              {t('common.tryAgain')}
            </button>
          </div>
        );
      }
      return <Spinner label={t('guard.loadingAccount')} />;
    default:
      return <Spinner label={t('guard.signingOut')} />;
  }
}
