import { useTranslation } from 'react-i18next';
import type { SearchHit } from './searchApi';

/**
 * Where a hit sits, in a line: its kind, then its course (code and name) — a person's role and a
 * course shared with them, a course's own code.
 */
export function HitContext({ hit, className }: { hit: SearchHit; className?: string }) {
  const { t } = useTranslation();
  const parts = [t(`search.kinds.${hit.kind}`)];
  if (hit.kind === 'person' && hit.detail) parts.push(t(`roles.${hit.detail}`, { defaultValue: hit.detail }));
  if (hit.kind === 'course') {
    if (hit.detail) parts.push(hit.detail);
  } else if (hit.course_name) {
    parts.push(hit.course_code ? `${hit.course_code} · ${hit.course_name}` : hit.course_name);
  }
  return (
    <span className={className}>
      {parts.join(' · ')}
      {hit.hidden && <span className="badge badge-warning">{t('search.hidden')}</span>}
    </span>
  );
}
