import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/jsonapi';
import { Pagination } from '../../layout/Pagination';
import { useListParams } from '../../lib/useListParams';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import { NEWS_PAGE_SIZE, useNewsQuery } from './newsApi';
import { NewsCard } from './NewsStrip';

/** `/news`: the campus's published news, newest first, ten a page. */
export default function NewsListPage() {
  const { t } = useTranslation();
  const { page, goTo } = useListParams();
  const news = useNewsQuery({ limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE });
  return (
    <section aria-labelledby="news-title">
      <header className="page-header">
        <h1 id="news-title">{t('messaging.news.title')}</h1>
      </header>
      <QueryState
        query={news}
        loading={t('messaging.news.loading')}
        failed={t('messaging.news.failed')}
        empty={news.data?.items.length === 0 ? t('messaging.news.empty') : null}
      >
        {() => (
          <>
            <ul className={`plain-list ${styles.newsGrid}`}>
              {news.data!.items.map((item) => (
                <NewsCard key={item.id} item={item} base="/news" />
              ))}
            </ul>
            <Pagination page={page} pages={pageCount(news.data!.total, NEWS_PAGE_SIZE)} onPage={goTo} />
          </>
        )}
      </QueryState>
    </section>
  );
}
