import { useTranslation } from 'react-i18next';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { useEnrolWindowQuery } from '../enrol/enrolmentApi';
import { joinLink } from '../enrol/joinForm';
import { CopyButton } from './CopyButton';
import { QrCode } from '../../layout/QrCode';
import styles from './EnrolTokens.module.css';

/**
 * The current enrolment window: open or closed, its dates, and each class's token and join link,
 * each with a copy button, and the link as a QR code to show in the lecture hall.
 */
export function EnrolTokens({ courseId: id }: { courseId: string }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const current = useEnrolWindowQuery(id);
  const window_ = current.data;
  return (
    <section className="card card-body" aria-labelledby="window-title">
      <h2 id="window-title" className="section-title">
        {t('enrol.currentTitle')}
      </h2>
      {current.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : !window_ ? (
        <p className="muted">{t('enrol.noWindow')}</p>
      ) : (
        <>
          <p>
            <span className={`badge${window_.is_open ? '' : ' badge-muted'}`}>
              {window_.is_open ? t('enrol.isOpen') : t('enrol.isClosed')}
            </span>{' '}
            {t('enrol.window', {
              start: dateTime(window_.start_at),
              end: dateTime(window_.end_at),
            })}
          </p>
          <table className="data-table">
            <caption className="sr-only">{t('enrol.tokensCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('enrol.className')}</th>
                <th scope="col">{t('enrol.token')}</th>
                <th scope="col">{t('enrol.joinLink')}</th>
              </tr>
            </thead>
            <tbody>
              {window_.tokens.map((token) => {
                const link = joinLink(globalThis.location?.origin ?? '', token.token);
                const name = token.class_name ?? String(token.class_id);
                return (
                  <tr key={token.class_id}>
                    <td>{name}</td>
                    <td>
                      <code className={styles.token} data-testid={`token-${token.class_id}`}>
                        {token.token}
                      </code>
                      <CopyButton text={token.token} label={t('enrol.copyToken', { name })} />
                    </td>
                    <td>
                      <code className={`small ${styles.id}`} data-testid={`link-${token.class_id}`}>
                        {link}
                      </code>
                      <CopyButton text={link} label={t('enrol.copyLink', { name })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className={styles.qrs}>
            {window_.tokens.map((token) => {
              const name = token.class_name ?? String(token.class_id);
              return (
                <figure key={token.class_id} className={styles.qr}>
                  <QrCode
                    text={joinLink(globalThis.location?.origin ?? '', token.token)}
                    label={t('enrol.qrOf', { name })}
                    size={144}
                  />
                  <figcaption className="small muted">{t('enrol.qrCaption', { name })}</figcaption>
                </figure>
              );
            })}
          </div>
          <p className="muted small">{t('enrol.linkHelp')}</p>
        </>
      )}
    </section>
  );
}
