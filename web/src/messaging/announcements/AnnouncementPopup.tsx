import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourseQuery } from '../../courses/coursesApi';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { RichText } from '../../lib/richtext/RichText';
import { usePopupsQuery, useSeeAnnouncementMutation } from './announcementsApi';

/**
 * The popup announcements of the caller's courses (spec 02 §7): each active one not seen yet is
 * shown once, one after the other, in a modal the reader closes; closing marks it seen on the
 * service, so it does not come back on another page, visit or browser.
 */
export function AnnouncementPopup() {
  const { t } = useTranslation();
  const popups = usePopupsQuery();
  const [see] = useSeeAnnouncementMutation();
  const [closed, setClosed] = useState<string[]>([]);
  const popup = popups.data?.find((item) => !closed.includes(item.id));
  const course = useCourseQuery(String(popup?.course_id ?? ''), { skip: !popup });
  if (!popup) return null;
  const close = () => {
    setClosed((ids) => [...ids, popup.id]);
    void see(popup.id).catch(() => undefined);
  };
  return (
    <ConfirmDialog
      question={t('messaging.announcements.popupTitle', { course: course.data?.name ?? '' })}
      details={<RichText html={popup.announcement} />}
      cancel={t('messaging.announcements.close')}
      onCancel={close}
      onConfirm={close}
    />
  );
}
