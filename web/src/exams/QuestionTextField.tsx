import { useTranslation } from 'react-i18next';
import { useCourseImageUpload } from '../courses/editor/useCourseImageUpload';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';

/**
 * Where the question text is written: the shared rich-text editor (formatting, math, links, and
 * images uploaded to the exam's course and shown in the question).
 */
export function QuestionTextField({
  id,
  courseId,
  label,
  value,
  onChange,
}: {
  id: string;
  courseId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const uploadImage = useCourseImageUpload(courseId);
  return (
    <div className="field wide">
      <RichTextEditor
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        uploadImage={uploadImage}
        help={t('exam.editor.textHelp')}
      />
    </div>
  );
}
