import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { usePublishGradebookMutation } from './gradebookApi';
import { reasonOf } from './errors';
import styles from './gradebook.module.css';

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
  const helpId = useId();
  const [publish, { isLoading }] = usePublishGradebookMutation();
  const [error, setError] = useState<string | null>(null);

  return (
    <div className={styles.publish}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={published}
          disabled={isLoading}
          aria-describedby={helpId}
          onChange={(event) => {
            setError(null);
            publish({ courseId, publish: event.target.checked })
              .unwrap()
              .catch((failure: unknown) => setError(reasonOf(failure, t('gradebook.publish.failed'))));
          }}
        />
        <span>{t('gradebook.publish.label')}</span>
      </label>
      <span id={helpId} className="muted small">
        {published
          ? t('gradebook.publish.on')
          : weightsTotal === 100
            ? t('gradebook.publish.off')
            : t('gradebook.publish.needsHundred', { total: weightsTotal })}
      </span>
      <WarningAlert>{error}</WarningAlert>
    </div>
  );
}
