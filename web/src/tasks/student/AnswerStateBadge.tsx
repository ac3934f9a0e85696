import { useTranslation } from 'react-i18next';
import type { StudentAnswerState } from './taskState';

const TONE: Record<StudentAnswerState, string> = {
  not_started: 'badge badge-muted',
  draft: 'badge badge-muted',
  changes_requested: 'badge badge-warning',
  sent: 'badge',
  late: 'badge badge-warning',
  scored: 'badge',
};

/** Where the student's answer stands, as a badge. */
export function AnswerStateBadge({ state }: { state: StudentAnswerState }) {
  const { t } = useTranslation();
  return (
    <span className={TONE[state]} data-testid="answer-state">
      {t(`task.student.state.${state}`)}
    </span>
  );
}
