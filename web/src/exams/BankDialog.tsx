import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { pageCount } from '../api/jsonapi';
import { notificationFor } from '../notifications/notification';
import { Dialog } from './Dialog';
import type { Exam } from './examTypes';
import { useCopyQuestionsMutation, useQuestionBankQuery, useQuestionTagsQuery } from './examsApi';
import { excerptOf } from './QuestionsPanel';

const PAGE = 10;

/**
 * The course's question bank (spec 03): questions by tag, ten to a page; the chosen ones are
 * copied into the package (the bank keeps its own).
 */
export function BankDialog({ exam, pack, onClose }: { exam: Exam; pack: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const tags = useQuestionTagsQuery(String(exam.course_id));
  const bank = useQuestionBankQuery({ courseId: String(exam.course_id), tag, offset: (page - 1) * PAGE });
  const [copy, copying] = useCopyQuestionsMutation();
  const items = bank.data?.items ?? [];

  const toggle = (id: string, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog id="bank" title={t('exam.bank.title', { pack })} onClose={onClose}>
      <div className="field">
        <label htmlFor="bank-tag">{t('exam.bank.tag')}</label>
        <select
          id="bank-tag"
          value={tag}
          onChange={(event) => {
            setTag(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('exam.bank.allTags')}</option>
          {(tags.data ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {bank.isLoading ? (
        <Spinner label={t('exam.bank.loading')} />
      ) : bank.isError ? (
        <p className="alert alert-warning" role="alert">
          {notificationFor(bank.error).text}
        </p>
      ) : items.length === 0 ? (
        <p className="muted">{tag ? t('exam.bank.noneTagged', { tag }) : t('exam.bank.empty')}</p>
      ) : (
        <ul className="plain-list">
          {items.map((question) => (
            <li key={question.id} className="list-row">
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(question.id)}
                  onChange={(event) => toggle(question.id, event.target.checked)}
                />{' '}
                {excerptOf(question.question) || t('exam.questions.noText')}{' '}
                <span className="muted small">
                  {t(`exam.questionTypes.${question.questions_type}`)}
                  {question.tags?.length ? ` · ${question.tags.join(', ')}` : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pageCount(bank.data?.total ?? 0, PAGE)} onPage={setPage} />
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={chosen.size === 0 || copying.isLoading}
          onClick={() => {
            setFailure(null);
            copy({ examId: exam.id, pack, questions: [...chosen].map(Number) })
              .unwrap()
              .then(onClose)
              .catch((error: unknown) => setFailure(notificationFor(error).text));
          }}
        >
          {t('exam.bank.copy', { count: chosen.size, pack })}
        </button>
      </p>
    </Dialog>
  );
}
