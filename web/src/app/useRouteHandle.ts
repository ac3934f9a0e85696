import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../auth/Guard';

/** The route metadata of the page being shown (the deepest match with a handle). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined).filter(Boolean);
  return handles[handles.length - 1] ?? {};
}
