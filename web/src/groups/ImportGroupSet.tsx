import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { useImportGroupSetMutation, useTaskGroupSetsQuery } from './taskImportApi';

/**
 * "Import from course groups" in a group task's groups panel: one of the course's sets of groups
 * replaces the task's groups (after asking), with the members who take the task.
 */
export function ImportGroupSet({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const sets = useTaskGroupSetsQuery(taskId);
  const [importSet, importing] = useImportGroupSetMutation();
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const items = sets.data ?? [];
  const set = chosen || items[0]?.name || '';
  return (
    <section aria-labelledby={`import-sets-${taskId}`}>
      <h3 id={`import-sets-${taskId}`} className="section-title">
        {t('groups.import.title')}
      </h3>
      {sets.isLoading ? null : items.length === 0 ? (
        <p className="muted small">{t('groups.import.none')}</p>
      ) : (
        <div className="form-row">
          <div className="field grow">
            <label htmlFor={`import-set-${taskId}`}>{t('groups.import.set')}</label>
            <select
              id={`import-set-${taskId}`}
              value={set}
              onChange={(event) => setChosen(event.target.value)}
            >
              {items.map((item) => (
                <option key={item.id} value={item.name}>
                  {t('groups.import.option', { name: item.name, count: item.groups })}
                </option>
              ))}
            </select>
          </div>
          <ConfirmButton
            className="button"
            disabled={importing.isLoading || !set}
            question={t('groups.import.question', { set })}
            details={t('groups.import.details')}
            action={t('groups.import.action')}
            onConfirm={() => {
              setFailure(null);
              void importSet({ taskId, type: set })
                .unwrap()
                .catch((error: unknown) => setFailure(notificationFor(error).text));
            }}
          >
            {t('groups.import.action')}
          </ConfirmButton>
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
