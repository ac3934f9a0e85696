import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../courses/editor/useCourseImageUpload';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';

/** Where the images of a course's questions are uploaded: the exam service keeps them. */
export const questionImagesUrl = (courseId: string | number) => `/api/exam/courses/${courseId}/images`;

/**
 * Where the question text is written: the shared rich-text editor (formatting, math, links, and
 * images uploaded to the exam service for the course's questions and shown in the question).
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
  const uploadImage = useImageUpload(questionImagesUrl(courseId));
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
