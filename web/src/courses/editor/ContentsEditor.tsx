import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import {
  useArchiveContentMutation,
  useContentsQuery,
  useSortContentsMutation,
  type ContentableType,
} from '../content/contentsApi';
import { byIndex, nextIndex } from '../structure';
import { ContentForm } from './ContentForm';
import { useDragSort } from './useDragSort';
import { WarningAlert } from '../../layout/WarningAlert';
import editor from './editor.module.css';
import styles from './ContentsEditor.module.css';

/** The contents of the selected module or activity: add, edit, archive and reorder them. */
export function ContentsEditor({
  courseId,
  target,
  title,
}: {
  courseId: string;
  target: { type: ContentableType; id: string };
  title: string;
}) {
  const { t } = useTranslation();
  const contents = useContentsQuery({ type: target.type, id: target.id });
  const [editing, setEditing] = useState<string | null>(null);
  const [archive] = useArchiveContentMutation();
  const [sort] = useSortContentsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const items = contents.isError ? [] : byIndex(contents.data ?? []);
  const ids = items.map((item) => item.id);

  const reorder = (order: string[]) => {
    setFailure(null);
    sort({ courseId, target, ids: order })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };
  const { rowProps, move } = useDragSort(ids, reorder);

  return (
    <section aria-labelledby="contents-editor-title">
      <header className={styles.head}>
        <h2 id="contents-editor-title" className="section-title">
          {t('editor.contentsOf', { name: title })}
        </h2>
        {editing !== 'new' && (
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('editor.addContent')}
          </button>
        )}
      </header>
      <WarningAlert>{failure}</WarningAlert>
      {editing === 'new' && (
        <ContentForm
          courseId={courseId}
          target={target}
          content={null}
          nextIndex={nextIndex(items)}
          onDone={() => setEditing(null)}
        />
      )}
      {contents.isLoading ? (
        <Spinner label={t('reader.loadingContents')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('reader.noContents')}</p>
      ) : (
        <ol className={editor.list} aria-label={t('editor.contentsOf', { name: title })}>
          {items.map((content, position) =>
            editing === content.id ? (
              <li key={content.id}>
                <ContentForm
                  courseId={courseId}
                  target={target}
                  content={content}
                  nextIndex={nextIndex(items)}
                  onDone={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={content.id} className={editor.row} {...rowProps(content.id)}>
                <span className={editor.dragHandle} aria-hidden="true">
                  ⋮⋮
                </span>
                <span className={editor.name}>
                  {content.name}{' '}
                  <span className="badge badge-muted">{t(`contentTypes.${content.contents_type}`)}</span>
                </span>
                <span className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    disabled={position === 0}
                    aria-label={t('editor.moveUp', { name: content.name })}
                    onClick={() => move(content.id, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button small"
                    disabled={position === items.length - 1}
                    aria-label={t('editor.moveDown', { name: content.name })}
                    onClick={() => move(content.id, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('editor.editNamed', { name: content.name })}
                    onClick={() => setEditing(content.id)}
                  >
                    {t('editor.edit')}
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('editor.archiveNamed', { name: content.name })}
                    onClick={() =>
                      void archive(content.id)
                        .unwrap()
                        .catch((error: unknown) => setFailure(notificationFor(error).text))
                    }
                  >
                    {t('editor.archive')}
                  </button>
                </span>
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}
