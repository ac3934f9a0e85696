import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { WarningAlert } from '../layout/WarningAlert';
import { PublicFrame } from '../public/PublicFrame';
import { ADMIN_REFUSED, LOGIN_PATH } from './guard';
import { signIn } from './signIn';
import { takeSsoAttempt } from './sso';
import styles from './sso.module.css';

/**
 * `/callback`: where the campus's identity provider sends the browser back. Finishes the sign-in
 * this browser started (same `state`) and moves on home, or says why it could not.
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = useAppSelector((state) => state.auth.reason);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    /** Why the sign-in could not finish ('' : the reason the sign-in left in the store), or undefined once home. */
    const finish = async (): Promise<string | undefined> => {
      const attempt = takeSsoAttempt();
      const error = params.get('error');
      const code = params.get('code');
      const state = params.get('state');
      if (error) return t('sso.providerRefused', { reason: params.get('error_description') || error });
      if (!code || !state) return t('sso.noAnswer');
      if (attempt?.state !== state) return t('sso.notStartedHere');
      if (!(await dispatch(signIn({ code, state })).unwrap())) return '';
      navigate('/', { replace: true });
      return undefined;
    };
    void finish().then((failed) => {
      if (failed !== undefined) setFailure(failed);
    });
  }, [dispatch, navigate, params, t]);

  const shown = failure === '' ? (reason === ADMIN_REFUSED ? t('auth.adminRefused') : reason) : failure;
  return (
    <PublicFrame title={t('routes.callback')}>
      <section className={`public-card ${styles.card}`} aria-labelledby="callback-title">
        <h1 id="callback-title">{failure === null ? t('sso.signingIn') : t('sso.failed')}</h1>
        {failure === null ? (
          <p role="status" className="muted">
            {t('sso.wait')}
          </p>
        ) : (
          <>
            <WarningAlert>{shown || t('auth.signInFailed')}</WarningAlert>
            <Link className="button button-primary" to={LOGIN_PATH}>
              {t('sso.backToSignIn')}
            </Link>
          </>
        )}
      </section>
    </PublicFrame>
  );
}
