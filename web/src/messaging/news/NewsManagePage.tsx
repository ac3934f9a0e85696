import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../../api/jsonapi';
import { Icon } from '../../layout/Icon';
import { Pagination } from '../../layout/Pagination';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { useListParams } from '../../lib/useListParams';
import { notificationFor } from '../../notifications/notification';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import {
  NEWS_PAGE_SIZE,
  newsExcerpt,
  useAuthoredNewsQuery,
  useUpdateNewsMutation,
  type AuthoredNews,
} from './newsApi';

/**
 * `/news/manage`: the campus's news as its administrators write them, drafts too, newest first,
 * searchable by title; each item edited, published or withdrawn here.
 */
export default function NewsManagePage() {
  const { t } = useTranslation();
  const { search, page, typed, setTyped, goTo } = useListParams();
  const news = useAuthoredNewsQuery({
    title: search,
    limit: NEWS_PAGE_SIZE,
    offset: (page - 1) * NEWS_PAGE_SIZE,
  });
  return (
    <section aria-labelledby="news-manage-title">
      <header className="page-header">
        <div>
          <h1 id="news-manage-title">{t('routes.newsManage')}</h1>
          <p className="muted">{t('messaging.newsAdmin.intro')}</p>
        </div>
        <Link className="button button-primary" to="/news/manage/new">
          <Icon name="plus" /> {t('messaging.newsAdmin.new')}
        </Link>
      </header>
      <div className={styles.filters}>
        <input
          type="search"
          aria-label={t('messaging.newsAdmin.search')}
          placeholder={t('messaging.newsAdmin.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <QueryState
        query={news}
        loading={t('messaging.news.loading')}
        failed={t('messaging.news.failed')}
        empty={news.data?.items.length === 0 ? t('messaging.newsAdmin.empty') : null}
      >
        {() => (
          <>
            <ul className="plain-list">
              {news.data!.items.map((item) => (
                <AuthoredCard key={item.id} item={item} />
              ))}
            </ul>
            <Pagination page={page} pages={pageCount(news.data!.total, NEWS_PAGE_SIZE)} onPage={goTo} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function AuthoredCard({ item }: { item: AuthoredNews }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [update, updating] = useUpdateNewsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = () => {
    setFailure(null);
    update({ id: item.id, changes: { is_published: !item.is_published } })
      .unwrap()
      .catch((error: unknown) =>
        setFailure(notificationFor(error, t('messaging.newsAdmin.saveFailed')).text),
      );
  };
  return (
    <li className={`card card-body ${styles.announcement}`}>
      <p className={styles.announcementHead}>
        <strong>{item.title}</strong>
        <span className={item.is_published ? 'badge' : 'badge badge-muted'}>
          {item.is_published
            ? t('messaging.news.published', { date: dates.date(item.published_at!) })
            : t('messaging.newsAdmin.draft')}
        </span>
        <Link
          className="button small"
          to={`/news/manage/${encodeURIComponent(item.id)}/edit`}
          aria-label={t('messaging.newsAdmin.editNamed', { title: item.title })}
        >
          {t('messaging.newsAdmin.edit')}
        </Link>
        <button
          type="button"
          className="button small"
          disabled={updating.isLoading}
          aria-label={t(
            item.is_published ? 'messaging.newsAdmin.withdrawNamed' : 'messaging.newsAdmin.publishNamed',
            {
              title: item.title,
            },
          )}
          onClick={toggle}
        >
          {t(item.is_published ? 'messaging.newsAdmin.withdraw' : 'messaging.newsAdmin.publish')}
        </button>
      </p>
      <p className="muted">{newsExcerpt(item)}</p>
      {item.tags.length > 0 && (
        <p className="muted small">
          {t('messaging.news.tags')}: {item.tags.join(', ')}
        </p>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </li>
  );
}
