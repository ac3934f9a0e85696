import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styles from './NotFoundPage.module.css';

/** The 404 page: unknown paths, and pages the user's role may not open (with `from`). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <main className={`page-message ${styles.page}`}>
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{from ? t('notFound.refused', { from }) : t('notFound.text')}</p>
      <p>
        <Link className="button button-primary" to="/">
          {t('common.backHome')}
        </Link>
      </p>
    </main>
  );
}
