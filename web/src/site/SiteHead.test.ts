import { describe, expect, it } from 'vitest';
import { applyFavicon, loadLiveChat, safeSiteUrl } from './SiteHead';

describe('site head', () => {
  it('accepts only https addresses, and same-site paths for the favicon', () => {
    expect(safeSiteUrl('https://cdn.example.edu/icon.png', false)).toBe('https://cdn.example.edu/icon.png');
    expect(safeSiteUrl('http://cdn.example.edu/icon.png', false)).toBeNull();
    expect(safeSiteUrl('javascript:alert(1)', false)).toBeNull();
    expect(safeSiteUrl('/favicon.png', true)).toBe('/favicon.png');
    expect(safeSiteUrl('/favicon.png', false)).toBeNull();
    expect(safeSiteUrl('//evil.example/x.js', true)).toBeNull();
    expect(safeSiteUrl(null, true)).toBeNull();
  });

  it('points the existing icon link at the campus favicon, or adds one', () => {
    document.head.innerHTML = '';
    applyFavicon(document, '/a.png');
    applyFavicon(document, '/b.png');
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('/b.png');
  });

  it('adds the live-chat script once', () => {
    document.body.innerHTML = '';
    loadLiveChat(document, 'https://embed.tawk.to/abc/default');
    loadLiveChat(document, 'https://embed.tawk.to/abc/default');
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].getAttribute('src')).toBe('https://embed.tawk.to/abc/default');
    expect(scripts[0].async).toBe(true);
  });
});
