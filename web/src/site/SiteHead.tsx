import { useEffect } from 'react';
import { useSiteInfoQuery } from './siteApi';

/** A tenant-configured address is used only when it is https (or, for the favicon, same-site). */
export function safeSiteUrl(value: string | null, allowRelative: boolean): string | null {
  if (!value) return null;
  if (allowRelative && value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** Points the page's icon at `href`, creating the link element when the page has none. */
export function applyFavicon(doc: Document, href: string): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = href;
}

/** Loads the campus's live-chat widget once, however often the site info is read. */
export function loadLiveChat(doc: Document, src: string): void {
  const loaded = doc.querySelectorAll<HTMLScriptElement>('script[data-live-chat]');
  if (Array.from(loaded).some((script) => script.dataset.liveChat === src)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.charset = 'UTF-8';
  script.crossOrigin = 'anonymous';
  script.dataset.liveChat = src;
  doc.body.appendChild(script);
}

/**
 * The campus's identity in the browser, on every page: its favicon and its live-chat widget
 * (spec 01 §1 site info). The name and the WhatsApp contacts are shown by the layouts.
 */
export function SiteHead() {
  const site = useSiteInfoQuery(window.location.hostname);
  const favicon = safeSiteUrl(site.data?.favicon ?? null, true);
  const liveChat = safeSiteUrl(site.data?.tawkSrc ?? null, false);

  useEffect(() => {
    if (favicon) applyFavicon(document, favicon);
  }, [favicon]);

  useEffect(() => {
    if (liveChat) loadLiveChat(document, liveChat);
  }, [liveChat]);

  return null;
}
