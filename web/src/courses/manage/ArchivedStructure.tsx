import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../layout/Spinner';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import {
  type ArchivedItem,
  useArchivedStructureQuery,
  usePurgeArchivedMutation,
  useRestoreArchivedMutation,
} from '../editor/structureApi';
import { activityName } from '../names';

/**
 * The course's archived modules and activities (deleted in the editor), newest first, each with
 * what was archived with it: restored together, or deleted for good after a confirmation.
 */
export function ArchivedStructure({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const archived = useArchivedStructureQuery(courseId);
  const [restore, restoring] = useRestoreArchivedMutation();
  const [purge, purging] = usePurgeArchivedMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const items = archived.data ?? [];
  const nameOf = (item: ArchivedItem) => (item.kind === 'activity' ? activityName(t, item.name) : item.name);
  const holds = (item: ArchivedItem) =>
    item.kind === 'module'
      ? t('archive.holdsModule', {
          activities: t('editor.activityCount', { count: item.activities }),
          contents: t('editor.contentCount', { count: item.contents }),
        })
      : t('editor.contentCount', { count: item.contents });
  const run = (call: Promise<unknown>) => {
    setFailure(null);
    call.catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <section className="card card-body" aria-labelledby="archived-structure-title">
      <h2 id="archived-structure-title" className="section-title">
        {t('archive.structureTitle')}
      </h2>
      <WarningAlert>
        {failure ??
          (archived.isError ? notificationFor(archived.error, t('common.tryAgainLater')).text : null)}
      </WarningAlert>
      {archived.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('archive.structureEmpty')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('editor.contentName')}</th>
              <th scope="col">{t('archive.holds')}</th>
              <th scope="col">{t('archive.deletedAt')}</th>
              <th scope="col">
                <span className="sr-only">{t('enrol.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const name = nameOf(item);
              return (
                <tr key={item.id} data-testid="archived-item">
                  <td>
                    {t(item.kind === 'module' ? 'archive.module' : 'archive.activity', {
                      name,
                      module: item.module_name,
                    })}
                  </td>
                  <td>{holds(item)}</td>
                  <td>{dateTime(item.deleted_at) ?? '—'}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button small"
                      disabled={restoring.isLoading}
                      aria-label={t('archive.restoreNamed', { name })}
                      onClick={() => run(restore({ courseId, item }).unwrap())}
                    >
                      {t('archive.restore')}
                    </button>
                    <ConfirmButton
                      className="button small"
                      disabled={purging.isLoading}
                      label={t('archive.purgeNamed', { name })}
                      question={t('archive.purgeQuestion', { name })}
                      details={t('archive.purgeDetails', { holds: holds(item) })}
                      action={t('archive.purge')}
                      onConfirm={() => run(purge({ courseId, item }).unwrap())}
                    >
                      {t('archive.purge')}
                    </ConfirmButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
