import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLecturersQuery } from '../courses/manage/staffApi';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import type { Exam, ExamClass } from './examTypes';
import {
  useChangeExamAssistantsMutation,
  useCourseClassesQuery,
  useExamAssistantsQuery,
  useExamClassesQuery,
  useSetExamClassesMutation,
} from './examsApi';
import styles from './exams.module.css';

/**
 * Who an exam is for and who helps run it (spec 02 §7): the exam's own assistants — lecturers of
 * the campus who may author, monitor and grade this exam only — and the classes that take it.
 */
export function ExamPeoplePanel({ exam }: { exam: Exam }) {
  return (
    <div className={styles.groups}>
      <ExamAssistants exam={exam} />
      <ExamClasses exam={exam} />
    </div>
  );
}

function ExamAssistants({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const assistants = useExamAssistantsQuery(exam.id);
  const lecturers = useLecturersQuery(search.trim(), { skip: search.trim().length < 2 });
  const [change, changing] = useChangeExamAssistantsMutation();
  const current = assistants.data ?? [];
  const taken = new Set(current.map((person) => person.id));
  const candidates = (lecturers.data ?? []).filter((lecturer) => !taken.has(String(lecturer.user_id)));

  const run = (action: 'add' | 'remove', id: string, name: string) => {
    setFailure(null);
    change({ examId: exam.id, action, userIds: [Number(id)], names: [name] })
      .unwrap()
      .then(() => {
        if (action === 'add') setSearch('');
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <fieldset className={styles.group}>
      <legend>{t('exam.staff.people.assistants')}</legend>
      <p className="muted small">{t('exam.staff.people.assistantsHelp')}</p>
      {assistants.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : current.length === 0 ? (
        <p className="muted">{t('exam.staff.people.noAssistants')}</p>
      ) : (
        <ul className="plain-list" aria-label={t('exam.staff.people.assistants')}>
          {current.map((person) => (
            <li key={person.id} className="list-row">
              <span>{person.name}</span>
              <ConfirmButton
                className="button small button-danger"
                label={t('exam.staff.people.removeNamed', { name: person.name })}
                question={t('exam.staff.people.removeTitle', { name: person.name, exam: exam.name })}
                details={t('exam.staff.people.removeDetails')}
                action={t('exam.staff.people.removeConfirm')}
                disabled={changing.isLoading}
                onConfirm={() => run('remove', person.id, person.name)}
              >
                {t('exam.staff.people.remove')}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="exam-assistant-search">{t('exam.staff.people.find')}</label>
        <input
          id="exam-assistant-search"
          type="search"
          value={search}
          autoComplete="off"
          aria-describedby="exam-assistant-search-help"
          onChange={(event) => setSearch(event.target.value)}
        />
        <span id="exam-assistant-search-help" className="muted small">
          {t('exam.staff.people.findHelp')}
        </span>
      </div>
      {search.trim().length >= 2 && (
        <div aria-live="polite">
          {lecturers.isFetching ? (
            <Spinner label={t('common.loading')} />
          ) : candidates.length === 0 ? (
            <p className="muted small">{t('exam.staff.people.noMatch', { search: search.trim() })}</p>
          ) : (
            <ul className="plain-list" aria-label={t('exam.staff.people.matches')}>
              {candidates.map((lecturer) => (
                <li key={lecturer.id} className="list-row">
                  <span>
                    {lecturer.name}
                    {lecturer.nidn ? <span className="muted small"> · {lecturer.nidn}</span> : null}
                  </span>
                  <button
                    type="button"
                    className="button small"
                    disabled={changing.isLoading}
                    aria-label={t('exam.staff.people.addNamed', { name: lecturer.name })}
                    onClick={() => run('add', String(lecturer.user_id), lecturer.name)}
                  >
                    {t('exam.staff.people.add')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </fieldset>
  );
}

/** `every`: the exam names no class, so every class of the course takes it. */
function choiceOf(examClasses: ExamClass[], courseClasses: ExamClass[]): 'every' | Set<string> {
  const chosen = new Set(examClasses.map((item) => item.id));
  return courseClasses.every((item) => chosen.has(item.id)) ? 'every' : chosen;
}

function ExamClasses({ exam }: { exam: Exam }) {
  const examClasses = useExamClassesQuery(exam.id);
  const courseClasses = useCourseClassesQuery(String(exam.course_id));
  const { t } = useTranslation();
  if (!examClasses.data || !courseClasses.data) {
    const error = examClasses.error ?? courseClasses.error;
    return (
      <fieldset className={styles.group}>
        <legend>{t('exam.staff.people.classes')}</legend>
        {error ? (
          <WarningAlert>{notificationFor(error).text}</WarningAlert>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </fieldset>
    );
  }
  return (
    <ClassesForm
      key={examClasses.data.map((item) => item.id).join()}
      exam={exam}
      all={courseClasses.data}
      initial={choiceOf(examClasses.data, courseClasses.data)}
    />
  );
}

function ClassesForm({
  exam,
  all,
  initial,
}: {
  exam: Exam;
  all: ExamClass[];
  initial: 'every' | Set<string>;
}) {
  const { t } = useTranslation();
  const [every, setEvery] = useState(initial === 'every');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(initial === 'every' ? new Set() : initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useSetExamClassesMutation();
  const none = !every && chosen.size === 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (none) return;
    save({ id: exam.id, classIds: every ? [] : [...chosen].map(Number) })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <form onSubmit={submit}>
      <fieldset className={styles.group}>
        <legend>{t('exam.staff.people.classes')}</legend>
        {all.length === 0 ? (
          <p className="muted">{t('exam.staff.people.noClasses')}</p>
        ) : (
          <>
            <label className={styles.switch}>
              <input type="radio" name="exam-classes" checked={every} onChange={() => setEvery(true)} />
              <span>{t('exam.staff.people.everyClass')}</span>
            </label>
            <label className={styles.switch}>
              <input type="radio" name="exam-classes" checked={!every} onChange={() => setEvery(false)} />
              <span>{t('exam.staff.people.someClasses')}</span>
            </label>
            {!every && (
              <div className={styles.nested} role="group" aria-label={t('exam.staff.people.classList')}>
                {all.map((item) => (
                  <label key={item.id} className={styles.switch}>
                    <input
                      type="checkbox"
                      checked={chosen.has(item.id)}
                      onChange={(event) =>
                        setChosen((now) => {
                          const next = new Set(now);
                          if (event.target.checked) next.add(item.id);
                          else next.delete(item.id);
                          return next;
                        })
                      }
                    />
                    <span>{item.name}</span>
                  </label>
                ))}
                {none && <span className={styles.problem}>{t('exam.staff.people.chooseOne')}</span>}
              </div>
            )}
            <p className="row-actions">
              <button type="submit" className="button button-primary" disabled={none || saving.isLoading}>
                {t('exam.staff.people.saveClasses')}
              </button>
            </p>
          </>
        )}
        <WarningAlert>{failure}</WarningAlert>
      </fieldset>
    </form>
  );
}
