import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Brings the element the URL's `#fragment` names into view once it is on the page: the links of
 * bookmarks and notes name their content (`#content-12`), drawn only after the contents load
 * (`ready` changes then).
 */
export function useScrollToHash(ready: unknown) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash, ready]);
}
