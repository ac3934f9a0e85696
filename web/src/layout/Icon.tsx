import type { IconName } from '../app/routeMap';

/** Line icons (24×24, stroked) for the sidebar and the top bar; decorative, so hidden from assistive tech. */
const PATHS: Record<IconName | ToolIcon, string> = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  dashboard: 'M3 3h8v10H3zM13 3h8v6h-8zM13 11h8v10h-8zM3 15h8v6H3z',
  book: 'M4 4h6a3 3 0 013 3v13a2 2 0 00-2-2H4zM20 4h-6a3 3 0 00-3 3M20 4v14h-7',
  clipboard: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12h8M8 16h5',
  exam: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4',
  chat: 'M4 5h16v11H9l-5 4z',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3a4 4 0 010 8M18 14a6 6 0 014 7',
  briefcase: 'M3 7h18v13H3zM8 7V4h8v3M3 13h18',
  bell: 'M6 17V11a6 6 0 0112 0v6l2 2H4zM10 21h4',
  calendar: 'M3 5h18v16H3zM3 10h18M8 3v4M16 3v4',
  survey: 'M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1',
  check: 'M4 12l5 5L20 6',
  megaphone: 'M3 10v4l12 5V5zM15 9h3a3 3 0 010 6h-3M6 15l1 5h3l-1-4',
  note: 'M5 3h10l4 4v14H5zM9 11h6M9 15h6',
  bookmark: 'M6 3h12v18l-6-4-6 4z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .2-1.5-1.5L17 4l-3-1-1 2h-2L10 3 7 4l.5 2.7L6 8.2 4 8l-1 3 2 1v0l-2 1 1 3 2-.2 1.5 1.5L7 20l3 1 1-2h2l1 2 3-1-.5-2.7 1.5-1.5 2 .2 1-3z',
  video: 'M3 6h12v12H3zM15 10l6-4v12l-6-4',
  form: 'M4 3h16v18H4zM8 8h8M8 12h8M8 16h4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  menu: 'M3 6h18M3 12h18M3 18h18',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  sun: 'M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 13A9 9 0 1111 3a7 7 0 0010 10z',
  logout: 'M9 21H4V3h5M16 17l5-5-5-5M21 12H9',
  plus: 'M12 5v14M5 12h14',
  fold: 'M15 6l-6 6 6 6',
  close: 'M6 6l12 12M18 6L6 18',
  swap: 'M7 4L3 8l4 4M3 8h14M17 12l4 4-4 4M21 16H7',
  alert: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4',
  search: 'M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM15.5 15.5L21 21',
};

export type ToolIcon =
  | 'menu'
  | 'star'
  | 'globe'
  | 'sun'
  | 'moon'
  | 'logout'
  | 'plus'
  | 'fold'
  | 'close'
  | 'swap'
  | 'alert'
  | 'lock'
  | 'search';

export function Icon({ name, className }: { name: IconName | ToolIcon; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
