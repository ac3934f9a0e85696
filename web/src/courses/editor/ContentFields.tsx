import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { CONTENT_TYPES, type Content } from '../content/contentsApi';
import { fieldKind, type ContentDraft } from './contentDraft';
import { useCourseImageUpload } from './useCourseImageUpload';

/**
 * A content's type, name and, by type, its text or web address. An existing file keeps its type;
 * a new content may be any type, a file being sent by the upload beneath.
 */
export function ContentFields({
  formId,
  courseId,
  content,
  draft,
  locked,
  onChange,
}: {
  formId: string;
  /** The course whose files the text's images become. */
  courseId: string;
  content: Content | null;
  draft: ContentDraft;
  /** The type cannot change (an upload is running). */
  locked: boolean;
  onChange: (patch: Partial<ContentDraft>) => void;
}) {
  const { t } = useTranslation();
  const uploadImage = useCourseImageUpload(courseId);
  const kind = fieldKind(draft.type);
  const types = CONTENT_TYPES.filter(
    (type) => content?.contents_type === 'file' || type !== 'file' || !content,
  );
  return (
    <>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${formId}-type`}>{t('editor.contentType')}</label>
          <select
            id={`${formId}-type`}
            value={draft.type}
            disabled={content?.contents_type === 'file' || locked}
            onChange={(event) => onChange({ type: event.target.value as ContentDraft['type'] })}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`contentTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor={`${formId}-name`}>{t('editor.contentName')}</label>
          <input
            id={`${formId}-name`}
            value={draft.name}
            maxLength={255}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
      </div>
      {kind === 'text' && (
        <div className="field wide">
          <RichTextEditor
            id={`${formId}-text`}
            label={t('editor.contentText')}
            value={draft.content}
            onChange={(content) => onChange({ content })}
            uploadImage={uploadImage}
            help={t('editor.textHelp')}
          />
        </div>
      )}
      {kind === 'url' && (
        <div className="field wide">
          <label htmlFor={`${formId}-url`}>{t('editor.contentUrl')}</label>
          <input
            id={`${formId}-url`}
            type="url"
            value={draft.content}
            placeholder="https://"
            onChange={(event) => onChange({ content: event.target.value })}
          />
        </div>
      )}
    </>
  );
}
