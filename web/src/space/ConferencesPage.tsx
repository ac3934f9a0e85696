import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { Pagination } from '../layout/Pagination';
import { useDates } from '../lib/dates';
import { safeUrl } from '../lib/richtext/sanitize';
import { useListParams } from '../lib/useListParams';
import { QueryState } from '../layout/QueryState';
import { SPACE_PAGE_SIZE, useVideoConferencesQuery } from './spaceApi';
import styles from './space.module.css';

/**
 * `/vicon`: the video conferences of the user's courses (Zoom, Google Meet, Microsoft Teams, CloudX,
 * Webex), the upcoming ones first with their time, each joined in a new tab.
 */
export default function ConferencesPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { page, goTo } = useListParams();
  const conferences = useVideoConferencesQuery({ page });
  return (
    <section aria-labelledby="vicon-title">
      <header className="page-header">
        <div>
          <h1 id="vicon-title">{t('routes.vicon')}</h1>
          <p className="muted">{t('space.vicon.subtitle')}</p>
        </div>
      </header>
      <QueryState
        query={conferences}
        loading={t('space.vicon.loading')}
        failed={t('space.vicon.failed')}
        empty={conferences.data?.items.length === 0 ? t('space.vicon.empty') : null}
      >
        {() => (
          <>
            <div className="card card-body">
              <ul className="plain-list" aria-busy={conferences.isFetching} data-testid="conferences">
                {conferences.data!.items.map((conference) => {
                  const times = [conference.start_at, conference.end_at].filter((at) => at !== null);
                  const when = times.map((at) => dates.dateTime(at)).join(' – ');
                  const href = safeUrl(conference.url, ['https:']);
                  return (
                    <li key={conference.id} className={`list-row ${styles.row}`}>
                      <div className={styles.text}>
                        <Link to={conference.link} className={styles.title}>
                          {conference.name}
                        </Link>
                        <span className="small muted">
                          {conference.course_code ? `${conference.course_code} · ` : ''}
                          {conference.course_name}
                        </span>
                        <span className="small">{when || t('space.vicon.noTime')}</span>
                      </div>
                      <div className={styles.side}>
                        {conference.upcoming && (
                          <span className="badge badge-warning">{t('space.vicon.upcoming')}</span>
                        )}
                        <span className="badge badge-muted">{t(`contentTypes.${conference.provider}`)}</span>
                        {href && (
                          <a
                            className="button button-primary small"
                            href={href}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            {t('space.vicon.join')}{' '}
                            <span className="sr-only">
                              {conference.name} {t('reader.newTab')}
                            </span>
                          </a>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
            <Pagination
              page={page}
              pages={pageCount(conferences.data!.total, SPACE_PAGE_SIZE)}
              onPage={goTo}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
