import { useEffect } from 'react';

/** Names the page in the browser's tab: its title, then the campus's name (the name alone without a title). */
export function useDocumentTitle(title: string | undefined, siteName: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
