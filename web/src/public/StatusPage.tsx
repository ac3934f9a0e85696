import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteHandle } from '../app/useRouteHandle';
import { PublicFrame } from './PublicFrame';
import styles from './StatusPage.module.css';

const CODES: Record<string, string> = {
  error500: '500',
  notAuthorized: '401',
  maintenance: '503',
  comingSoon: '',
};

/** Static full pages: coming soon, server error, not authorised, maintenance. */
export default function StatusPage() {
  const { t } = useTranslation();
  const { id = 'error500' } = useRouteHandle();
  const code = CODES[id] ?? '';
  return (
    <PublicFrame>
      <div className={`public-card ${styles.card}`}>
        {code && (
          <p className="error-code" aria-hidden="true">
            {code}
          </p>
        )}
        <h1>{t(`status.${id}.title`)}</h1>
        <p className="muted">{t(`status.${id}.text`)}</p>
        <p className="empty-actions">
          {id === 'error500' || id === 'maintenance' ? (
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              {t('common.reload')}
            </button>
          ) : null}
          <Link
            className={id === 'error500' || id === 'maintenance' ? 'button' : 'button button-primary'}
            to="/"
          >
            {t('common.backHome')}
          </Link>
        </p>
      </div>
    </PublicFrame>
  );
}
