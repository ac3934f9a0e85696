import { useTranslation } from 'react-i18next';

/**
 * Where the question text (HTML) is written. A plain text area until the shared rich-text editor
 * lands; the question editor only knows this component, so the swap happens here.
 */
export function QuestionTextField({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field wide">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={5}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, `${id}-help`].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-help`} className="muted small">
        {t('exam.editor.textHelp')}
      </span>
    </div>
  );
}
