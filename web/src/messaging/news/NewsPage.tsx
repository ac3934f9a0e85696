import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useDates } from '../../lib/dates';
import { RichText } from '../../lib/richtext/RichText';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import { useNewsItemQuery } from './newsApi';

/** One news item: its title, date, text and tags. */
export function NewsArticle({ back }: { back: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const { id = '' } = useParams();
  const item = useNewsItemQuery(id);
  return (
    <QueryState
      query={item}
      loading={t('messaging.news.loading')}
      failed={t('messaging.news.failed')}
      empty={null}
    >
      {() => (
        <article className={`card card-body ${styles.article}`} aria-labelledby="news-item-title">
          <h1 id="news-item-title">{item.data!.title}</h1>
          <p className="muted small">
            {t('messaging.news.published', { date: dates.date(item.data!.published_at) })}
          </p>
          <RichText html={item.data!.contents} />
          {item.data!.tags.length > 0 && (
            <ul className={`plain-list ${styles.tags}`} aria-label={t('messaging.news.tags')}>
              {item.data!.tags.map((tag) => (
                <li key={tag} className="badge badge-muted">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to={back}>{t('messaging.news.back')}</Link>
          </p>
        </article>
      )}
    </QueryState>
  );
}

/** `/news/{id}` inside the signed-in layout. */
export default function NewsPage() {
  return <NewsArticle back="/news" />;
}
