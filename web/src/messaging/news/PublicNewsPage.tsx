import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../public/PublicFrame';
import { NewsArticle } from './NewsPage';

/** `/pages/news/{id}`: a news item for a visitor of the landing page, without signing in. */
export default function PublicNewsPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('routes.news')}>
      <NewsArticle back="/home-landing" />
    </PublicFrame>
  );
}
