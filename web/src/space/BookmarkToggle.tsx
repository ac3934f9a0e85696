import { useTranslation } from 'react-i18next';
import { Icon } from '../layout/Icon';
import {
  type BookmarkKind,
  useAddBookmarkMutation,
  useItemBookmarkQuery,
  useRemoveBookmarkMutation,
} from './spaceApi';

/**
 * Bookmarks an item (a content, an exam, a task, a thread) or takes the bookmark away: a toggle
 * button (`aria-pressed`) named with the item. Nothing shows until the caller's bookmark is known.
 */
export function BookmarkToggle({
  kind,
  itemId,
  title,
}: {
  kind: BookmarkKind;
  itemId: string;
  title: string;
}) {
  const { t } = useTranslation();
  const bookmark = useItemBookmarkQuery({ kind, itemId });
  const [add, adding] = useAddBookmarkMutation();
  const [remove, removing] = useRemoveBookmarkMutation();
  if (bookmark.isLoading || bookmark.isError) return null;
  const current = bookmark.data ?? null;
  const busy = adding.isLoading || removing.isLoading || bookmark.isFetching;
  const toggle = () =>
    void (current ? remove({ id: current.id, title }) : add({ kind, itemId, title }))
      .unwrap()
      .catch(() => {});
  return (
    <button
      type="button"
      className="button small"
      aria-pressed={current !== null}
      aria-label={t(current ? 'space.bookmarkedNamed' : 'space.bookmarkNamed', { title })}
      disabled={busy}
      onClick={toggle}
    >
      <Icon name="bookmark" />
      <span aria-hidden="true"> {t(current ? 'space.bookmarked' : 'space.bookmark')}</span>
    </button>
  );
}
