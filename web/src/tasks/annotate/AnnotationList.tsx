import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates';
import { cx } from '../../lib/classNames';
import type { Annotation } from './annotateApi';
import styles from './annotate.module.css';

interface AnnotationListProps {
  annotations: readonly Annotation[];
  loading: boolean;
  editable: boolean;
  selectedId: string | null;
  onShow: (annotation: Annotation) => void;
  onText: (annotation: Annotation, text: string) => void;
  onErase: (annotation: Annotation) => void;
}

/**
 * The annotations beside the pages, numbered as on the pages, in page order: what each is, who
 * wrote it and when, the highlighted words and the comment. Staff edit the comment (saved when
 * the field is left) and remove an annotation; everyone can jump to its page.
 */
export function AnnotationList({
  annotations,
  loading,
  editable,
  selectedId,
  onShow,
  onText,
  onErase,
}: AnnotationListProps) {
  const { t } = useTranslation();
  return (
    <aside className={styles.list} aria-labelledby="annotation-list-title">
      <h2 id="annotation-list-title" className="section-title">
        {t('task.annotate.listTitle', { count: annotations.length })}
      </h2>
      {!loading && annotations.length === 0 && (
        <p className="empty-state">
          {editable ? t('task.annotate.emptyStaff') : t('task.annotate.emptyStudent')}
        </p>
      )}
      <ol className="plain-list">
        {annotations.map((annotation, index) => (
          <Item
            key={annotation.id}
            annotation={annotation}
            number={index + 1}
            editable={editable}
            selected={annotation.id === selectedId}
            onShow={onShow}
            onText={onText}
            onErase={onErase}
          />
        ))}
      </ol>
    </aside>
  );
}

function Item({
  annotation,
  number,
  editable,
  selected,
  onShow,
  onText,
  onErase,
}: {
  annotation: Annotation;
  number: number;
  editable: boolean;
  selected: boolean;
  onShow: (annotation: Annotation) => void;
  onText: (annotation: Annotation, text: string) => void;
  onErase: (annotation: Annotation) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const saved = annotation.body?.value ?? '';
  const [text, setText] = useState(saved);
  const [was, setWas] = useState(saved);
  if (saved !== was) {
    // the saved words changed elsewhere (another save's answer): show them
    setWas(saved);
    setText(saved);
  }
  const kind = t(`task.annotate.kinds.${annotation.motivation}`);
  const { page, quote } = annotation.target.selector;
  return (
    <li
      id={`annotation-item-${annotation.id}`}
      className={cx(styles.item, selected && styles.itemSelected)}
      data-testid="annotation-item"
    >
      <div className={styles.itemHead}>
        <span className={styles.itemNumber} style={{ background: annotation.color }} aria-hidden="true">
          {number}
        </span>
        <span>
          <strong>{t('task.annotate.itemTitle', { number, kind, page })}</strong>
          <span className="small muted">
            {' '}
            {t('task.annotate.byAt', {
              name: annotation.creator.name ?? '—',
              at: dates.dateTime(annotation.created_at),
            })}
          </span>
        </span>
      </div>
      {quote && <blockquote className={styles.quote}>{quote}</blockquote>}
      {editable ? (
        <label className={cx('field', styles.comment)}>
          <span className="sr-only">{t('task.annotate.commentOf', { number, kind })}</span>
          <textarea
            rows={2}
            maxLength={5000}
            placeholder={t('task.annotate.commentPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => {
              if (text.trim() === saved.trim()) return;
              if (annotation.motivation === 'commenting' && !text.trim()) return setText(saved);
              onText(annotation, text);
            }}
          />
        </label>
      ) : (
        saved && <p className={styles.commentText}>{saved}</p>
      )}
      <div className="row-actions">
        <button
          type="button"
          className="button small"
          onClick={() => onShow(annotation)}
          aria-label={t('task.annotate.showLabel', { number, kind, page })}
        >
          {t('task.annotate.show')}
        </button>
        {editable && (
          <button
            type="button"
            className="button small button-danger"
            onClick={() => onErase(annotation)}
            aria-label={t('task.annotate.eraseLabel', { number, kind })}
          >
            {t('task.annotate.erase')}
          </button>
        )}
      </div>
    </li>
  );
}
