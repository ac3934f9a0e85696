import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../layout/Brand';
import { LanguageMenu } from '../layout/TopbarMenus';
import { cx } from '../lib/classNames';
import { useSiteInfoQuery } from '../site/siteApi';
import { useDocumentTitle } from '../site/useDocumentTitle';
import styles from './PublicFrame.module.css';

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
  useDocumentTitle(title, name);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Brand name={name} />
        <LanguageMenu />
      </header>
      <main className={cx(styles.main, wide && styles.wide)}>{children}</main>
    </div>
  );
}
