import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageMenu } from '../layout/TopbarMenus';
import { useSiteInfoQuery } from '../site/siteApi';

/**
 * The frame of public full pages: the campus name, the language menu and the page in a card.
 * `title` names the page in the browser's tab (after it, the campus's name).
 */
export function PublicFrame({
  children,
  wide = false,
  title,
}: {
  children: ReactNode;
  wide?: boolean;
  title?: string;
}) {
  const { t } = useTranslation();
  const site = useSiteInfoQuery(window.location.hostname);
  const name = site.data?.name || t('app.name');
  useEffect(() => {
    if (title) document.title = `${title} · ${name}`;
  }, [title, name]);
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
          <span className="brand-name">{name}</span>
        </Link>
        <LanguageMenu />
      </header>
      <main className={`public-main${wide ? ' wide' : ''}`}>{children}</main>
    </div>
  );
}
