import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { WarningAlert } from '../../layout/WarningAlert';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { sentencesCheck, useCheckedForm } from '../../lib/useCheckedForm';
import { NewOrExisting } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import {
  useAuthoredNewsItemQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  type AuthoredNews,
  type NewsWrite,
} from './newsApi';

/** The service's limits (news.rules.ts): a title of 255 characters, 20 tags of 50. */
const MAX_TITLE = 255;
const MAX_TAGS = 20;
const MAX_TAG = 50;

interface Draft {
  title: string;
  contents: string;
  /** The tags as typed, separated by commas. */
  tags: string;
  thumbnail: string;
  publish: boolean;
}

const draftOf = (item?: AuthoredNews): Draft => ({
  title: item?.title ?? '',
  contents: item?.contents ?? '',
  tags: item?.tags.join(', ') ?? '',
  thumbnail: item?.thumbnail ?? '',
  publish: false,
});

/** The tags typed: trimmed, empty ones and repeats dropped. */
const tagsOf = (typed: string): string[] => [
  ...new Set(
    typed
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/** What is wrong with a draft, before it is sent (the service checks the same). */
function newsProblems(draft: Draft, t: TFunction): string[] {
  const problems: string[] = [];
  if (!draft.title.trim()) problems.push(t('messaging.newsAdmin.titleRequired'));
  if (!draft.contents.replace(/<[^>]*>/g, '').trim())
    problems.push(t('messaging.newsAdmin.contentsRequired'));
  if (draft.title.length > MAX_TITLE)
    problems.push(t('messaging.newsAdmin.titleTooLong', { max: MAX_TITLE }));
  const tags = tagsOf(draft.tags);
  if (tags.length > MAX_TAGS) problems.push(t('messaging.newsAdmin.tooManyTags', { max: MAX_TAGS }));
  if (tags.some((tag) => tag.length > MAX_TAG))
    problems.push(t('messaging.newsAdmin.tagTooLong', { max: MAX_TAG }));
  return problems;
}

/** `/news/manage/new` and `/news/manage/{id}/edit`: a news item of the campus, written by its staff. */
export default function NewsFormPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const existing = useAuthoredNewsItemQuery(id ?? '', { skip: !id });
  return (
    <NewOrExisting
      id={id}
      query={existing}
      loading={t('messaging.news.loading')}
      failed={t('messaging.news.failed')}
    >
      {(item) => <NewsForm item={item} />}
    </NewOrExisting>
  );
}

/** What the form sends of a draft found right. */
const writeOf = (draft: Draft): NewsWrite => ({
  title: draft.title.trim(),
  contents: draft.contents,
  tags: tagsOf(draft.tags),
  thumbnail: draft.thumbnail.trim() || null,
  is_published: draft.publish,
});

function NewsForm({ item }: { item?: AuthoredNews }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, creating] = useCreateNewsMutation();
  const [update, updating] = useUpdateNewsMutation();
  const {
    fields: draft,
    set,
    problems,
    failure,
    submit,
  } = useCheckedForm({
    initial: () => draftOf(item),
    noProblems: [] as string[],
    check: sentencesCheck<Draft, NewsWrite>((current) => newsProblems(current, t), writeOf),
    // an edit leaves publishing to the list's publish and withdraw
    save: ({ is_published, ...changes }) =>
      item ? update({ id: item.id, changes }).unwrap() : create({ ...changes, is_published }).unwrap(),
    done: () => navigate('/news/manage'),
    failed: t('messaging.newsAdmin.saveFailed'),
  });

  const title = item ? t('routes.newsEdit') : t('routes.newsNew');
  return (
    <section aria-labelledby="news-form-title">
      <header className="page-header">
        <h1 id="news-form-title">{title}</h1>
      </header>
      <FormCard
        id="news"
        title={title}
        help={t('messaging.newsAdmin.intro')}
        onSubmit={(event) => void submit(event)}
      >
        <div className={styles.formGrid}>
          <InputField
            id="news-item-title"
            label={t('messaging.newsAdmin.title')}
            value={draft.title}
            onChange={set('title')}
            invalid={problems.length > 0 && !draft.title.trim()}
            required
          />
          <InputField
            id="news-item-tags"
            label={t('messaging.newsAdmin.tags')}
            value={draft.tags}
            onChange={set('tags')}
            aria-describedby="news-item-tags-hint"
          />
          <InputField
            id="news-item-thumbnail"
            type="url"
            label={t('messaging.newsAdmin.thumbnail')}
            value={draft.thumbnail}
            onChange={set('thumbnail')}
          />
        </div>
        <p id="news-item-tags-hint" className="muted small">
          {t('messaging.newsAdmin.tagsHint')}
        </p>
        <RichTextEditor
          id="news-item-contents"
          label={t('messaging.newsAdmin.contents')}
          value={draft.contents}
          onChange={set('contents')}
        />
        {!item && (
          <p>
            <label>
              <input
                type="checkbox"
                checked={draft.publish}
                onChange={(event) => set('publish')(event.target.checked)}
              />{' '}
              {t('messaging.newsAdmin.publishNow')}
            </label>
          </p>
        )}
        <WarningAlert>{[...problems, failure].filter(Boolean).join(' ')}</WarningAlert>
        <p className="row-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={creating.isLoading || updating.isLoading}
          >
            {item ? t('messaging.newsAdmin.saveChanges') : t('messaging.newsAdmin.save')}
          </button>
        </p>
      </FormCard>
    </section>
  );
}
