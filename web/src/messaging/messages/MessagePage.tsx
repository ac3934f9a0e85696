import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { useCourseQuery } from '../../courses/coursesApi';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { FileDownloads } from '../../layout/FileDownloads';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import { MailboxNav } from './MessagesPage';
import {
  useCourseMessageQuery,
  useDeleteCourseMessageMutation,
  useLazyMessageFileQuery,
} from './messagesApi';

/** `/messages/{id}`: one course message with its attachments; reply to it or delete it. */
export default function MessagePage() {
  const { t } = useTranslation();
  const dates = useDates();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const me = useMeQuery();
  const message = useCourseMessageQuery(id);
  const course = useCourseQuery(String(message.data?.course_id ?? ''), { skip: !message.data });
  const [fetchFile, file] = useLazyMessageFileQuery();
  const [remove, removing] = useDeleteCourseMessageMutation();
  const item = message.data;
  const received = item && String(item.receiver_id) === me.data?.id;
  const replyLink =
    item &&
    `/messages/new?${new URLSearchParams({
      to: String(item.sender_id),
      course: String(item.course_id ?? ''),
      subject: t('messaging.compose.reSubject', { subject: item.subject }),
    }).toString()}`;

  return (
    <section aria-labelledby="message-title">
      <MailboxNav />
      <QueryState
        query={message}
        loading={t('messaging.detail.loading')}
        failed={t('messaging.detail.failed')}
        empty={null}
      >
        {() => (
          <article className="card card-body">
            <header className={styles.messageHead}>
              <h1 id="message-title">{item!.subject}</h1>
              <p className="muted small">
                {t('messaging.messages.from', { name: item!.sender?.name ?? '' })} ·{' '}
                {t('messaging.messages.to', { name: item!.receiver?.name ?? '' })} ·{' '}
                {dates.dateTime(item!.created_at)}
                {course.data ? ` · ${t('messaging.detail.course', { course: course.data.name })}` : ''}
              </p>
            </header>
            <p className={styles.text}>{item!.message}</p>
            {item!.attachments.length > 0 && (
              <>
                <h2 className="section-title">{t('messaging.detail.attachments')}</h2>
                <FileDownloads
                  files={item!.attachments}
                  label={t('messaging.detail.attachments')}
                  fetchFile={(attachment) => fetchFile({ id, key: attachment.key }).unwrap()}
                  busy={file.isFetching}
                  downloadLabel={(attachment) => t('messaging.detail.download', { name: attachment.name })}
                  failedText={t('messaging.detail.downloadFailed')}
                />
              </>
            )}
            <p className="row-actions">
              {received && (
                <Link className="button button-primary" to={replyLink!}>
                  {t('messaging.detail.reply')}
                </Link>
              )}
              <ConfirmButton
                question={t('messaging.detail.deleteQuestion', { subject: item!.subject })}
                details={t('messaging.detail.deleteDetails')}
                action={t('messaging.detail.delete')}
                disabled={removing.isLoading}
                onConfirm={() =>
                  void remove({ id, subject: item!.subject })
                    .unwrap()
                    .then(() => navigate(received ? '/messages' : '/messages/sent'))
                    .catch(() => undefined)
                }
              >
                {t('messaging.detail.delete')}
              </ConfirmButton>
            </p>
            {removing.isError && (
              <WarningAlert>
                {notificationFor(removing.error, t('messaging.detail.deleteFailed')).text}
              </WarningAlert>
            )}
          </article>
        )}
      </QueryState>
    </section>
  );
}
