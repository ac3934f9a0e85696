import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, Navigate, useRouteError } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../auth/guard';
import { Icon } from '../layout/Icon';
import { chunkErrorCode } from './chunks';
import styles from './RouteError.module.css';

/**
 * What a route shows when its page fails: a chunk that could not be loaded (spec 01 §8, coded
 * ChunkLoadError or CSS_CHUNK_LOAD_FAILED) or any other failure, always with a way out.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  const code = chunkErrorCode(error);
  return (
    <div className={styles.error} role="alert" data-testid="route-error">
      <span className="empty-icon" aria-hidden="true">
        <Icon name="alert" />
      </span>
      <h1>{code ? t('errors.chunkTitle') : t('errors.title')}</h1>
      <p className="muted">{code ? t('errors.chunkText') : t('errors.text')}</p>
      {code && <p className={styles.tag}>{code}</p>}
      <p className="empty-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
        <Link className="button" to="/" reloadDocument>
          {t('common.backHome')}
        </Link>
      </p>
    </div>
  );
}
