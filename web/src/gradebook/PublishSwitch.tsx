import { useTranslation } from 'react-i18next';
import { useGradebookSettingsMutation } from './gradebookApi';
import { SettingSwitch } from './SettingSwitch';

/**
 * Whether the students see their own row (`gradebook_publish`). The service refuses to publish
 * while the weights do not sum to 100; its reason is shown beside the switch.
 */
export function PublishSwitch({
  courseId,
  published,
  weightsTotal,
}: {
  courseId: string;
  published: boolean;
  weightsTotal: number;
}) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useGradebookSettingsMutation();
  return (
    <SettingSwitch
      label={t('gradebook.publish.label')}
      help={
        published
          ? t('gradebook.publish.on')
          : weightsTotal === 100
            ? t('gradebook.publish.off')
            : t('gradebook.publish.needsHundred', { total: weightsTotal })
      }
      checked={published}
      saving={isLoading}
      save={(on) => save({ courseId, settings: { gradebook_publish: on } }).unwrap()}
      failed={t('gradebook.publish.failed')}
    />
  );
}
