import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDates } from '../../lib/dates';
import styles from '../messaging.module.css';
import { NEWS_STRIP_SIZE, newsExcerpt, useNewsQuery, type NewsItem } from './newsApi';

/** A news item as a card: title, date and the start of its text, linking to `{base}/{id}`. */
export function NewsCard({ item, base }: { item: NewsItem; base: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <li className={`card card-body ${styles.newsCard}`}>
      <h3 className={styles.newsTitle}>
        <Link to={`${base}/${encodeURIComponent(item.id)}`}>{item.title}</Link>
      </h3>
      <p className="muted small">{t('messaging.news.published', { date: dates.date(item.published_at) })}</p>
      <p className="small">{newsExcerpt(item)}</p>
    </li>
  );
}

/**
 * The campus's three latest news (spec 03 §9), on the landing page (public detail links) and the
 * home page; nothing when there are none or the call fails (the page goes on without them).
 */
export function NewsStrip({ base }: { base: string }) {
  const { t } = useTranslation();
  const news = useNewsQuery({ limit: NEWS_STRIP_SIZE, offset: 0 });
  if (!news.data?.items.length) return null;
  return (
    <section aria-labelledby="news-strip-title">
      <h2 id="news-strip-title" className="section-title">
        {t('messaging.news.latest')}
      </h2>
      <ul className={`plain-list ${styles.newsGrid}`}>
        {news.data.items.map((item) => (
          <NewsCard key={item.id} item={item} base={base} />
        ))}
      </ul>
    </section>
  );
}
