import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FileSizes } from '../../layout/FileDownloads';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { SelectField } from '../../layout/SelectField';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { QueryState } from '../QueryState';
import { MailboxNav } from './MessagesPage';
import { useRecipientsQuery, useSendCourseMessageMutation, type Recipient } from './messagesApi';

/** A recipient as the select names it: one option per person and course. */
const recipientKey = (recipient: Pick<Recipient, 'id' | 'course_id'>) =>
  `${recipient.id}:${recipient.course_id}`;

/**
 * `/messages/new`: a message to someone of the caller's courses, with files. `?to=&course=&subject=`
 * (a reply) fills the form in. Problems are listed under the form, the field concerned marked.
 */
export default function NewMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recipients = useRecipientsQuery();
  const [send, sending] = useSendCourseMessageMutation();
  const [to, setTo] = useState(
    params.get('to') ? recipientKey({ id: params.get('to')!, course_id: params.get('course') ?? '' }) : '',
  );
  const [subject, setSubject] = useState(params.get('subject') ?? '');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const list = recipients.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const recipient = list.find((item) => recipientKey(item) === to);
    const found: Record<string, string> = {};
    if (!recipient) found.to = t('messaging.compose.recipientRequired');
    if (!subject.trim()) found.subject = t('messaging.compose.subjectRequired');
    if (!message.trim()) found.message = t('messaging.compose.messageRequired');
    setProblems(found);
    if (!recipient || Object.keys(found).length > 0) return;
    send({
      receiver_id: recipient.id,
      receiver_name: recipient.name,
      course_id: String(recipient.course_id),
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
      <QueryState
        query={recipients}
        loading={t('messaging.messages.loading')}
        failed={t('messaging.compose.failed')}
        empty={list.length === 0 ? t('messaging.compose.noRecipients') : null}
      >
        {() => (
          <FormCard
            id="compose"
            title={t('routes.messageNew')}
            help={t('messaging.compose.help')}
            onSubmit={submit}
          >
            <SelectField
              id="compose-to"
              label={t('messaging.compose.recipient')}
              value={to}
              onChange={setTo}
              invalid={Boolean(problems.to)}
              required
            >
              <option value="">{t('messaging.compose.choose')}</option>
              {[...new Set(list.map((item) => item.course_name))].map((course) => (
                <optgroup key={course} label={course}>
                  {list
                    .filter((item) => item.course_name === course)
                    .map((item) => (
                      <option key={recipientKey(item)} value={recipientKey(item)}>
                        {item.name} · {t(`roles.${item.role === 'assistant' ? 'lecturer' : item.role}`)}
                      </option>
                    ))}
                </optgroup>
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
        )}
      </QueryState>
    </section>
  );
}
