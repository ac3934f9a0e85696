import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fromLocalInput, toLocalInput } from '../../courses/structure';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { SelectField } from '../../layout/SelectField';
import { WarningAlert } from '../../layout/WarningAlert';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { sentencesCheck, useCheckedForm } from '../../lib/useCheckedForm';
import { dateOfInput, inputOfDate } from '../../tasks/staff/taskForm';
import { CourseField } from '../CourseField';
import { NewOrExisting } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import {
  KINDS,
  URGENCIES,
  useAnnouncementQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  type Announcement,
  type AnnouncementKind,
  type AnnouncementWrite,
  type Urgency,
} from './announcementsApi';

const WEEK = 7 * 24 * 3600_000;

interface Draft {
  course_id: string;
  urgency: Urgency;
  announcements_type: AnnouncementKind;
  announcement: string;
  start_at: string;
  end_at: string;
}

const draftOf = (item: Announcement | undefined, courseId: string, now = new Date()): Draft =>
  item
    ? {
        course_id: String(item.course_id),
        urgency: item.urgency,
        announcements_type: item.announcements_type,
        announcement: item.announcement,
        start_at: inputOfDate(item.start_at),
        end_at: inputOfDate(item.end_at),
      }
    : {
        course_id: courseId,
        urgency: 'normal',
        announcements_type: 'section',
        announcement: '',
        start_at: toLocalInput(now),
        end_at: toLocalInput(new Date(now.getTime() + WEEK)),
      };

/** What is wrong with a draft, before it is sent (the service checks the same). */
export function draftProblems(draft: Draft, t: (key: string) => string): string[] {
  const problems: string[] = [];
  if (!draft.course_id) problems.push(t('messaging.announcements.courseRequired'));
  if (!draft.announcement.replace(/<[^>]*>/g, '').trim())
    problems.push(t('messaging.announcements.textRequired'));
  const start = dateOfInput(draft.start_at);
  const end = dateOfInput(draft.end_at);
  if (!start || !end) problems.push(t('messaging.announcements.windowRequired'));
  else if (end <= start) problems.push(t('messaging.announcements.windowOrder'));
  return problems;
}

/** `/announcements/new` (`?course=`) and `/announcements/{id}/edit`: the staff's announcement form. */
export default function AnnouncementFormPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const existing = useAnnouncementQuery(id ?? '', { skip: !id });
  return (
    <NewOrExisting
      id={id}
      query={existing}
      loading={t('messaging.announcements.loading')}
      failed={t('messaging.announcements.failed')}
    >
      {(item) => <AnnouncementForm item={item} />}
    </NewOrExisting>
  );
}

/** What the form sends of a draft found right: the wire format, on the campus's clock as the inputs show it. */
const writeOf = (draft: Draft): AnnouncementWrite => ({
  ...draft,
  course_id: Number(draft.course_id),
  start_at: fromLocalInput(draft.start_at)!,
  end_at: fromLocalInput(draft.end_at)!,
});

function AnnouncementForm({ item }: { item?: Announcement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [create, creating] = useCreateAnnouncementMutation();
  const [update, updating] = useUpdateAnnouncementMutation();
  const {
    fields: draft,
    set,
    problems,
    failure,
    submit,
  } = useCheckedForm({
    initial: () => draftOf(item, params.get('course') ?? ''),
    noProblems: [] as string[],
    check: sentencesCheck<Draft, AnnouncementWrite>((current) => draftProblems(current, t), writeOf),
    save: ({ course_id, ...changes }) =>
      item ? update({ id: item.id, changes }).unwrap() : create({ ...changes, course_id }).unwrap(),
    done: ({ course_id }) => navigate(`/announcements?course=${encodeURIComponent(course_id)}`),
    failed: t('messaging.announcements.saveFailed'),
  });

  const title = item ? t('messaging.announcements.editTitle') : t('routes.announcementNew');
  return (
    <section aria-labelledby="announcement-form-title">
      <header className="page-header">
        <h1 id="announcement-form-title">{title}</h1>
      </header>
      <FormCard
        id="announcement"
        title={title}
        help={t('messaging.announcements.intro')}
        onSubmit={(event) => void submit(event)}
      >
        <div className={styles.formGrid}>
          {!item && (
            <CourseField
              id="announcement-course"
              value={draft.course_id}
              onChange={set('course_id')}
              invalid={!draft.course_id && problems.length > 0}
            />
          )}
          <SelectField
            id="announcement-urgency"
            label={t('messaging.announcements.urgency')}
            value={draft.urgency}
            onChange={(value) => set('urgency')(value as Urgency)}
          >
            {URGENCIES.map((urgency) => (
              <option key={urgency} value={urgency}>
                {t(`messaging.announcements.urgencies.${urgency}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="announcement-kind"
            label={t('messaging.announcements.kind')}
            value={draft.announcements_type}
            onChange={(value) => set('announcements_type')(value as AnnouncementKind)}
          >
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`messaging.announcements.kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <InputField
            id="announcement-start"
            type="datetime-local"
            label={t('messaging.announcements.startAt')}
            value={draft.start_at}
            onChange={set('start_at')}
          />
          <InputField
            id="announcement-end"
            type="datetime-local"
            label={t('messaging.announcements.endAt')}
            value={draft.end_at}
            onChange={set('end_at')}
          />
        </div>
        <RichTextEditor
          id="announcement-text"
          label={t('messaging.announcements.text')}
          value={draft.announcement}
          onChange={set('announcement')}
        />
        <WarningAlert>{[...problems, failure].filter(Boolean).join(' ')}</WarningAlert>
        <p className="row-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={creating.isLoading || updating.isLoading}
          >
            {item ? t('messaging.announcements.saveChanges') : t('messaging.announcements.save')}
          </button>
        </p>
      </FormCard>
    </section>
  );
}
