import { CONFERENCE_TYPES, type ContentScope, type ContentType } from './contentsApi';

export type VideoSource =
  { kind: 'youtube'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; src: string } | null;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|m4v)$/i;

/** How a video content plays: a YouTube embed (privacy-enhanced), a video file, or just a link. */
export function videoSource(address: string | null | undefined): VideoSource {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second ?? null;
  }
  if (id && YOUTUBE_ID.test(id)) {
    const start = Number.parseInt(url.searchParams.get('t') ?? url.searchParams.get('start') ?? '', 10);
    return {
      kind: 'youtube',
      src: `https://www.youtube-nocookie.com/embed/${id}${start > 0 ? `?start=${start}` : ''}`,
    };
  }
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'file', src: url.toString() };
  return { kind: 'link', src: url.toString() };
}

export function isConference(type: ContentType): boolean {
  return (CONFERENCE_TYPES as readonly string[]).includes(type);
}

/** Where the file of a file content is fetched from (answers a short-lived link). */
export function downloadPath(contentId: string, scope: ContentScope = 'course'): string {
  return `/api/${scope}/contents/${encodeURIComponent(contentId)}/download`;
}

/** `184 KB`, `1.5 MB`. */
export function formatSize(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}
