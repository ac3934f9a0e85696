import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FileSizes } from '../../layout/FileDownloads';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { SelectField } from '../../layout/SelectField';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { CourseField } from '../CourseField';
import { MailboxNav } from './MessagesPage';
import {
  RECIPIENTS_SHOWN,
  useMessageRecipientsQuery,
  useSendCourseMessageMutation,
  type MessageRecipient,
} from './messagesApi';

/** How long typing in the recipient search pauses before the list is asked for (ms). */
const SEARCH_DELAY_MS = 300;

/**
 * Whom the caller may write to, searched by name (once typing pauses), through the course when one
 * is chosen; the person already chosen (a reply's `?to=`) stays listed.
 */
function useRecipientSearch(courseId: string, chosen: string) {
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useMessageRecipientsQuery({ name, courseId, limit: RECIPIENTS_SHOWN });
  const listed = found.data?.items ?? [];
  const missing = Boolean(chosen) && !found.isFetching && !listed.some((person) => person.id === chosen);
  const kept = useMessageRecipientsQuery({ name: '', courseId, id: chosen, limit: 1 }, { skip: !missing });
  const recipients: MessageRecipient[] = [...(missing ? (kept.data?.items ?? []) : []), ...listed];
  return {
    typed,
    setTyped,
    recipients,
    total: found.data?.total ?? 0,
    shown: listed.length,
    isLoading: found.isFetching,
  };
}

/**
 * `/messages/new`: a message to someone the caller may write to — found by name across their
 * courses, or within the course chosen — with files. `?course=&to=&subject=` (a reply) fills the
 * form in. Problems are said under the form, the fields concerned marked.
 */
export default function NewMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [courseId, setCourseId] = useState(params.get('course') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const search = useRecipientSearch(courseId, to);
  const { recipients, isLoading } = search;
  const [send, sending] = useSendCourseMessageMutation();
  const [subject, setSubject] = useState(params.get('subject') ?? '');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const recipient = recipients.find((person) => person.id === to);
    const found: Record<string, string> = {};
    if (!recipient) found.to = t('messaging.compose.recipientRequired');
    if (!subject.trim()) found.subject = t('messaging.compose.subjectRequired');
    if (!message.trim()) found.message = t('messaging.compose.messageRequired');
    setProblems(found);
    if (!recipient || Object.keys(found).length > 0) return;
    send({
      receiver_id: recipient.id,
      receiver_name: recipient.name,
      course_id: courseId,
      subject: subject.trim(),
      message,
      files,
    })
      .unwrap()
      .then(() => navigate('/messages/sent'))
      .catch((error: unknown) =>
        setProblems({ form: notificationFor(error, t('messaging.compose.failed')).text }),
      );
  };

  return (
    <section aria-labelledby="new-message-title">
      <header className="page-header">
        <h1 id="new-message-title">{t('routes.messageNew')}</h1>
      </header>
      <MailboxNav />
      {
        <FormCard
          id="compose"
          title={t('routes.messageNew')}
          help={t('messaging.compose.help')}
          onSubmit={submit}
        >
          <CourseField
            id="compose-course"
            value={courseId}
            empty={t('messaging.compose.anyCourse')}
            onChange={(value) => {
              setCourseId(value);
              setTo('');
            }}
          />
          <div className="field">
            <label htmlFor="compose-find">{t('messaging.compose.find')}</label>
            <input
              id="compose-find"
              type="search"
              value={search.typed}
              aria-describedby={search.total > search.shown ? 'compose-more' : undefined}
              onChange={(event) => search.setTyped(event.target.value)}
            />
            {search.total > search.shown && (
              <p id="compose-more" className="muted small">
                {t('messaging.compose.more', { shown: search.shown, total: search.total })}
              </p>
            )}
          </div>
          <SelectField
            id="compose-to"
            label={t('messaging.compose.recipient')}
            value={to}
            onChange={setTo}
            invalid={Boolean(problems.to)}
            busy={isLoading}
            required
          >
            <option value="">
              {!isLoading && recipients.length === 0
                ? t('messaging.compose.noRecipients')
                : t('messaging.compose.choose')}
            </option>
            {recipients.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} · {t(`roles.${person.level}`)}
              </option>
            ))}
          </SelectField>
          <InputField
            id="compose-subject"
            label={t('messaging.compose.subject')}
            value={subject}
            onChange={setSubject}
            invalid={Boolean(problems.subject)}
            maxLength={200}
            required
          />
          <div className="field">
            <label htmlFor="compose-message">{t('messaging.compose.message')}</label>
            <textarea
              id="compose-message"
              rows={8}
              value={message}
              aria-invalid={Boolean(problems.message) || undefined}
              onChange={(event) => setMessage(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="compose-files">{t('messaging.compose.files')}</label>
            <input
              id="compose-files"
              type="file"
              multiple
              onChange={(event) => setFiles([...(event.target.files ?? [])])}
            />
            {files.length > 0 && <FileSizes files={files} label={t('messaging.compose.chosen')} />}
          </div>
          <WarningAlert>{Object.values(problems).join(' ')}</WarningAlert>
          <p className="row-actions">
            <button type="submit" className="button button-primary" disabled={sending.isLoading}>
              {sending.isLoading ? t('messaging.compose.sending') : t('messaging.compose.send')}
            </button>
          </p>
        </FormCard>
      }
    </section>
  );
}
