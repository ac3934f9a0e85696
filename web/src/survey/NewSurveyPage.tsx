import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCoursesQuery } from '../courses/coursesApi';
import { FormCard } from '../layout/FormCard';
import { InputField } from '../layout/InputField';
import { SelectField } from '../layout/SelectField';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import styles from './survey.module.css';
import { QUESTION_TYPES, useCreateSurveyMutation, type QuestionType } from './surveyApi';

interface Draft {
  key: number;
  text: string;
  type: QuestionType;
  /** The choices, one a line. */
  options: string;
  required: boolean;
}

const choiceType = (type: QuestionType) => type === 'single' || type === 'multiple';
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * `/survey/new`: a lecturer (or an administrator) writes a survey — name, description, questions
 * of the four types — and opens it to the students of one of their courses at once.
 */
export default function NewSurveyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courses = useCoursesQuery({ sort: 'name', limit: 0 });
  const [create, creating] = useCreateSurveyMutation();
  const [courseId, setCourseId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [next, setNext] = useState(1);
  const [questions, setQuestions] = useState<Draft[]>([
    { key: 0, text: '', type: 'scale', options: '', required: true },
  ]);
  const [problem, setProblem] = useState('');

  const change = (key: number, changes: Partial<Draft>) =>
    setQuestions((now) =>
      now.map((question) => (question.key === key ? { ...question, ...changes } : question)),
    );
  const add = () => {
    setQuestions((now) => [...now, { key: next, text: '', type: 'scale', options: '', required: true }]);
    setNext(next + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = [
      !courseId && t('survey.create.courseRequired'),
      !name.trim() && t('survey.create.nameRequired'),
      questions.some((question) => !question.text.trim()) && t('survey.create.questionRequired'),
      questions.some((question) => choiceType(question.type) && linesOf(question.options).length < 2) &&
        t('survey.create.optionsRequired'),
    ].filter(Boolean);
    setProblem(found.join(' '));
    if (found.length > 0) return;
    create({
      course_id: Number(courseId),
      name: name.trim(),
      description: description.trim(),
      questions: questions.map((question) => ({
        text: question.text.trim(),
        type: question.type,
        options: choiceType(question.type) ? linesOf(question.options) : [],
        required: question.required,
      })),
    })
      .unwrap()
      .then((created) => navigate(`/survey/${created.id}`))
      .catch((error: unknown) => setProblem(notificationFor(error, t('survey.create.failed')).text));
  };

  return (
    <section aria-labelledby="new-survey-title">
      <header className="page-header">
        <h1 id="new-survey-title">{t('routes.surveyNew')}</h1>
      </header>
      <FormCard
        id="new-survey"
        title={t('routes.surveyNew')}
        help={t('survey.create.help')}
        onSubmit={submit}
      >
        <SelectField
          id="new-survey-course"
          label={t('survey.create.course')}
          value={courseId}
          onChange={setCourseId}
          busy={courses.isFetching}
          required
        >
          <option value="">{t('survey.create.chooseCourse')}</option>
          {(courses.data?.items ?? []).map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </SelectField>
        <InputField
          id="new-survey-name"
          label={t('survey.create.name')}
          value={name}
          onChange={setName}
          maxLength={255}
          required
        />
        <div className="field">
          <label htmlFor="new-survey-description">{t('survey.create.description')}</label>
          <textarea
            id="new-survey-description"
            rows={2}
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <h3 className="section-title">{t('survey.create.questions')}</h3>
        {questions.map((question, at) => (
          <fieldset key={question.key} className={styles.editor}>
            <legend>{t('survey.create.question', { number: at + 1 })}</legend>
            <InputField
              id={`new-survey-q${question.key}-text`}
              label={t('survey.create.text')}
              value={question.text}
              onChange={(text) => change(question.key, { text })}
              maxLength={1000}
              required
            />
            <SelectField
              id={`new-survey-q${question.key}-type`}
              label={t('survey.create.type')}
              value={question.type}
              onChange={(type) => change(question.key, { type: type as QuestionType })}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`survey.create.types.${type}`)}
                </option>
              ))}
            </SelectField>
            {choiceType(question.type) && (
              <div className="field">
                <label htmlFor={`new-survey-q${question.key}-options`}>{t('survey.create.options')}</label>
                <textarea
                  id={`new-survey-q${question.key}-options`}
                  rows={3}
                  value={question.options}
                  onChange={(event) => change(question.key, { options: event.target.value })}
                />
              </div>
            )}
            <label className={styles.choices}>
              <input
                type="checkbox"
                checked={question.required}
                onChange={(event) => change(question.key, { required: event.target.checked })}
              />
              {t('survey.create.required')}
            </label>
            {questions.length > 1 && (
              <button
                type="button"
                className="button small"
                onClick={() => setQuestions((now) => now.filter((other) => other.key !== question.key))}
              >
                {t('survey.create.remove', { number: at + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        <p>
          <button type="button" className="button" onClick={add}>
            {t('survey.create.add')}
          </button>
        </p>
        <WarningAlert>{problem}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button button-primary" disabled={creating.isLoading}>
            {creating.isLoading ? t('survey.create.creating') : t('survey.create.create')}
          </button>
        </p>
      </FormCard>
    </section>
  );
}
