import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MoveButtons } from '../courses/editor/TreeParts';
import { useDragSort } from '../courses/editor/useDragSort';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { BankDialog } from './BankDialog';
import { ImportDialog } from './ImportDialog';
import { QuestionEditor } from './QuestionEditor';
import { type Exam, type Question, QUESTION_TYPES, type QuestionType } from './examTypes';
import {
  useAddPackageMutation,
  useCreateQuestionMutation,
  useDeletePackageMutation,
  useMoveQuestionMutation,
  useQuestionsQuery,
} from './examsApi';
import { movedIn, questionProblems, reorder } from './questions';
import styles from './exams.module.css';

/** A question's text as one line for the list (tags and images left out). */
export const excerptOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The exam's packages as tabs and the chosen package's questions: add, reorder (drag and drop, or
 * Alt+↑/↓ and the move buttons), open one in its editor; add a package, delete one (the packages
 * after it are renumbered), copy from the question bank, import a file.
 */
export function QuestionsPanel({
  exam,
  pack,
  onPack,
}: {
  exam: Exam;
  pack: number;
  onPack: (pack: number) => void;
}) {
  const { t } = useTranslation();
  const packages = Math.max(1, exam.package || 1);
  const key = { examId: exam.id, pack };
  const questions = useQuestionsQuery(key);
  const [create, creating] = useCreateQuestionMutation();
  const [move] = useMoveQuestionMutation();
  const [addPackage, adding] = useAddPackageMutation();
  const [deletePackage, deleting] = useDeletePackageMutation();
  const [type, setType] = useState<QuestionType>('multiple_choices');
  const [selected, setSelected] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [dialog, setDialog] = useState<'bank' | 'import' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = questions.data ?? [];
  const ids = list.map((question) => question.id);
  const current = list.find((question) => question.id === selected) ?? null;

  const run = (action: Promise<unknown>) => {
    setFailure(null);
    return action.catch((error: unknown) => {
      setFailure(notificationFor(error).text);
      throw error;
    });
  };
  const reorderTo = (id: string, position: number) => {
    const order = reorder(list, id, position);
    if (!order) return;
    void run(move({ ...key, id, index: position, order }).unwrap()).catch(() => undefined);
  };
  const { rowProps, move: step } = useDragSort(ids, (next) => {
    const moved = movedIn(ids, next);
    if (moved) reorderTo(moved.id, moved.position);
  });

  const choosePack = (next: number) => {
    setSelected(null);
    setConfirmDelete(false);
    onPack(next);
  };

  return (
    <div>
      <div className={styles.tabs}>
        <div role="tablist" aria-label={t('exam.packages.title')}>
          {Array.from({ length: packages }, (_, at) => at + 1).map((number) => (
            <button
              key={number}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={number === pack}
              onClick={() => choosePack(number)}
            >
              {t('exam.packages.name', { pack: number })}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button small"
          disabled={adding.isLoading}
          onClick={() =>
            void run(addPackage({ id: exam.id, packages }).unwrap())
              .then(() => choosePack(packages + 1))
              .catch(() => undefined)
          }
        >
          {t('exam.packages.add')}
        </button>
      </div>

      <div className={styles.toolbar}>
        <select
          aria-label={t('exam.questions.type')}
          value={type}
          onChange={(event) => setType(event.target.value as QuestionType)}
        >
          {QUESTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`exam.questionTypes.${value}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-primary"
          disabled={creating.isLoading || questions.isLoading}
          onClick={() =>
            void run(create({ ...key, questions_type: type }).unwrap())
              .then((made) => setSelected((made as Question).id))
              .catch(() => undefined)
          }
        >
          {t('exam.questions.add')}
        </button>
        <button type="button" className="button" onClick={() => setDialog('bank')}>
          {t('exam.bank.open')}
        </button>
        <button type="button" className="button" onClick={() => setDialog('import')}>
          {t('exam.import.open')}
        </button>
        <Link className="button" to={`/exam/${encodeURIComponent(exam.id)}/preview/${pack}`}>
          {t('exam.previewPackage', { pack })}
        </Link>
        <button
          type="button"
          className="button"
          aria-haspopup="dialog"
          disabled={packages <= 1 || deleting.isLoading}
          title={packages <= 1 ? t('exam.packages.lastOne') : undefined}
          onClick={() => setConfirmDelete(true)}
        >
          {t('exam.packages.deleteNamed', { pack })}
        </button>
        {confirmDelete && (
          <ConfirmDialog
            question={t('exam.packages.confirmLast', { pack })}
            details={
              pack === packages
                ? undefined
                : pack === packages - 1
                  ? t('exam.packages.renumberOne', { pack, next: pack + 1 })
                  : t('exam.packages.renumber', {
                      pack,
                      next: pack + 1,
                      last: packages,
                      newLast: packages - 1,
                    })
            }
            action={t('exam.packages.deleteNamed', { pack })}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={() => {
              setConfirmDelete(false);
              void run(deletePackage(key).unwrap())
                .then(() => choosePack(Math.min(pack, packages - 1)))
                .catch(() => undefined);
            }}
          />
        )}
      </div>
      <WarningAlert>{failure}</WarningAlert>

      <div className={styles.questionsLayout}>
        <section aria-labelledby="question-list-title">
          <h2 id="question-list-title" className="section-title">
            {t('exam.questions.title', { pack, count: list.length })}
          </h2>
          {questions.isLoading ? (
            <Spinner label={t('exam.questions.loading')} />
          ) : questions.isError ? (
            <div className="page-message" role="alert">
              <p>{notificationFor(questions.error, t('exam.questions.loadFailed')).text}</p>
              <button type="button" className="button" onClick={() => void questions.refetch()}>
                {t('common.tryAgain')}
              </button>
            </div>
          ) : list.length === 0 ? (
            <p className="muted">{t('exam.questions.empty')}</p>
          ) : (
            <>
              <p className="muted small" id="reorder-help">
                {t('exam.questions.reorderHelp')}
              </p>
              <ol className={styles.questionList}>
                {list.map((question, at) => {
                  const problems = questionProblems(question, question.answers ?? [], null);
                  const label = t('exam.questions.number', { index: at + 1 });
                  return (
                    <li
                      key={question.id}
                      className={styles.questionRow}
                      aria-current={question.id === selected || undefined}
                      aria-describedby="reorder-help"
                      tabIndex={0}
                      aria-label={label}
                      {...rowProps(question.id)}
                    >
                      <span className={styles.questionNumber} aria-hidden="true">
                        {at + 1}
                      </span>
                      <button
                        type="button"
                        className={styles.questionOpen}
                        onClick={() => setSelected(question.id)}
                      >
                        {excerptOf(question.question) || t('exam.questions.noText')}
                        <small>
                          {t(`exam.questionTypes.${question.questions_type}`)}
                          {problems.length > 0 && ` · ${t('exam.questions.incomplete')}`}
                        </small>
                      </button>
                      <span className="row-actions">
                        <MoveButtons
                          name={label}
                          first={at === 0}
                          last={at === list.length - 1}
                          onMove={(delta) => step(question.id, delta)}
                        />
                      </span>
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </section>
        <section aria-label={t('exam.questions.editorTitle')}>
          {current ? (
            <QuestionEditor
              key={current.id}
              exam={exam}
              pack={pack}
              question={current}
              number={list.indexOf(current) + 1}
              onDeleted={() => setSelected(null)}
            />
          ) : (
            <div className="card card-body">
              <p className="muted">
                {list.length ? t('exam.questions.choose') : t('exam.questions.startHere')}
              </p>
            </div>
          )}
        </section>
      </div>

      {dialog === 'bank' && <BankDialog exam={exam} pack={pack} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog exam={exam} pack={pack} onClose={() => setDialog(null)} />}
    </div>
  );
}
