import type { TFunction } from 'i18next';
import type { QuestionSummary } from './staffTypes';

/** `P1·Q3`: a question of the statistics by package and place; its number when it left the exam. */
export function questionLabel(
  t: TFunction,
  question: Pick<QuestionSummary, 'package' | 'index' | 'question_id'>,
) {
  return question.index === null
    ? t('exam.staff.statistic.questionRemoved', { id: question.question_id })
    : t('exam.staff.statistic.questionShort', { pack: question.package ?? 1, index: question.index });
}
