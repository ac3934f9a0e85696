import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationFor } from '../../notifications/notification';
import {
  useCreateActivityMutation,
  useCreateModuleBatchMutation,
  useCreateModuleMutation,
  useDeleteActivityMutation,
  useDeleteModuleMutation,
  useRenameActivityMutation,
  useRenameModuleMutation,
  useSetActivityActiveMutation,
  useSetModuleActiveMutation,
  useSortActivitiesMutation,
  useSortModulesMutation,
} from './structureApi';
import type { CourseActivity, CourseModule } from '../coursesApi';
import type { Selection } from '../structure';
import { HiddenBadge, MoveButtons, NameCell, VisibilityButton } from './TreeParts';
import { useContentsQuery } from '../content/contentsApi';
import { useDragSort } from './useDragSort';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { activityName } from '../names';
import editor from './editor.module.css';
import styles from './StructureTree.module.css';

type Fail = (error: unknown) => void;
/** How many live contents a module or an activity holds (what its deletion archives with it). */
type ContentsOf = (type: 'modules' | 'activities', id: string) => number;

function ModuleActivities({
  courseId,
  module,
  selection,
  hrefOf,
  fail,
  quiet,
  contentsOf,
}: {
  courseId: string;
  module: CourseModule & { activities: CourseActivity[] };
  selection: Selection;
  hrefOf: (moduleId: string, activityId?: string) => string;
  fail: Fail;
  quiet: Fail;
  contentsOf: ContentsOf;
}) {
  const { t } = useTranslation();
  const [sort] = useSortActivitiesMutation();
  const [rename] = useRenameActivityMutation();
  const [setActive] = useSetActivityActiveMutation();
  const [remove] = useDeleteActivityMutation();
  const ids = module.activities.map((activity) => activity.id);
  const reorder = (order: string[]) =>
    void sort({ courseId, moduleId: module.id, ids: order }).unwrap().catch(quiet);
  const { rowProps, move } = useDragSort(ids, reorder);
  if (module.activities.length === 0) return null;
  return (
    <ol
      className={`${editor.list} ${styles.activities}`}
      aria-label={t('course.activitiesOf', { module: module.name })}
    >
      {module.activities.map((activity, position) => {
        const name = activityName(t, activity.name);
        return (
          <li
            key={activity.id}
            className={editor.row}
            data-testid="activity-row"
            data-hidden={!activity.is_active || undefined}
            {...rowProps(activity.id)}
          >
            <span className={editor.dragHandle} aria-hidden="true">
              ⋮⋮
            </span>
            <NameCell
              name={name}
              href={hrefOf(module.id, activity.id)}
              current={selection.activity?.id === activity.id}
              unsavedKey={`activity-${activity.id}`}
              onRename={(name) => rename({ courseId, id: activity.id, name }).unwrap().catch(fail)}
            />
            {!activity.is_active && <HiddenBadge />}
            <span className="row-actions">
              <VisibilityButton
                name={name}
                active={activity.is_active}
                onToggle={(active) =>
                  void setActive({ courseId, id: activity.id, active }).unwrap().catch(quiet)
                }
              />
              <MoveButtons
                name={name}
                first={position === 0}
                last={position === module.activities.length - 1}
                onMove={(delta) => move(activity.id, delta)}
              />
              <ConfirmButton
                className="button small"
                label={t('editor.deleteNamed', { name })}
                question={t('editor.deleteActivityQuestion', { name })}
                details={t('editor.deleteActivityDetails', {
                  name,
                  contents: t('editor.contentCount', { count: contentsOf('activities', activity.id) }),
                })}
                action={t('editor.moveToArchive')}
                onConfirm={() => void remove({ courseId, id: activity.id }).unwrap().catch(quiet)}
              >
                {t('editor.delete')}
              </ConfirmButton>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The course's modules and their activities: add, rename, delete, reorder (drag or buttons). */
export function StructureTree({
  courseId,
  modules,
  selection,
  hrefOf,
  onDeleted,
}: {
  courseId: string;
  modules: Array<CourseModule & { activities: CourseActivity[] }>;
  selection: Selection;
  hrefOf: (moduleId: string, activityId?: string) => string;
  onDeleted: (moduleId: string, activityId?: string) => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [sort] = useSortModulesMutation();
  const [createModule, creatingModule] = useCreateModuleMutation();
  const [createBatch, creatingBatch] = useCreateModuleBatchMutation();
  const [renameModule] = useRenameModuleMutation();
  const [setModuleActive] = useSetModuleActiveMutation();
  const [deleteModule] = useDeleteModuleMutation();
  const [createActivity] = useCreateActivityMutation();
  const contents = useContentsQuery({ courseId });
  const contentsOf: ContentsOf = (type, id) =>
    (contents.data ?? []).filter(
      (content) => content.contentable_type === type && String(content.contentable_id) === id,
    ).length;
  const fail: Fail = (error) => {
    setFailure(notificationFor(error).text);
    throw error;
  };
  const quiet = (error: unknown) => {
    try {
      fail(error);
    } catch {
      // shown above
    }
  };

  const ids = modules.map((module) => module.id);
  const reorder = (order: string[]) => {
    setFailure(null);
    void sort({ courseId, ids: order }).unwrap().catch(quiet);
  };
  const { rowProps, move } = useDragSort(ids, reorder);

  return (
    <nav className={`card card-body ${styles.tree}`} aria-labelledby="structure-title">
      <h2 id="structure-title" className="section-title">
        {t('editor.structure')}
      </h2>
      <p className="muted small" id="structure-help">
        {t('editor.reorderHelp')}
      </p>
      <WarningAlert>{failure}</WarningAlert>
      {modules.length === 0 ? (
        <p className="muted">{t('course.noModules')}</p>
      ) : (
        <ol className={editor.list} aria-label={t('editor.modulesList')}>
          {modules.map((module, position) => (
            <li key={module.id} className={styles.module}>
              <div
                className={`${editor.row} ${styles.moduleRow}`}
                data-testid="module-row"
                data-hidden={!module.is_active || undefined}
                {...rowProps(module.id)}
              >
                <span className={editor.dragHandle} aria-hidden="true">
                  ⋮⋮
                </span>
                <NameCell
                  name={module.name}
                  href={hrefOf(module.id)}
                  current={selection.module?.id === module.id && !selection.activity}
                  unsavedKey={`module-${module.id}`}
                  onRename={(name) => renameModule({ courseId, id: module.id, name }).unwrap().catch(fail)}
                />
                {!module.is_active && <HiddenBadge />}
                <span className="row-actions">
                  <VisibilityButton
                    name={module.name}
                    active={module.is_active}
                    onToggle={(active) =>
                      void setModuleActive({ courseId, id: module.id, active }).unwrap().catch(quiet)
                    }
                  />
                  <MoveButtons
                    name={module.name}
                    first={position === 0}
                    last={position === modules.length - 1}
                    onMove={(delta) => move(module.id, delta)}
                  />
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('editor.addActivityTo', { name: module.name })}
                    onClick={() =>
                      void createActivity({ courseId, moduleId: module.id }).unwrap().catch(quiet)
                    }
                  >
                    {t('editor.addActivity')}
                  </button>
                  <ConfirmButton
                    className="button small"
                    label={t('editor.deleteNamed', { name: module.name })}
                    question={t('editor.deleteModuleQuestion', { name: module.name })}
                    details={t('editor.deleteModuleDetails', {
                      name: module.name,
                      activities: t('editor.activityCount', { count: module.activities.length }),
                      contents: t('editor.contentCount', {
                        count:
                          contentsOf('modules', module.id) +
                          module.activities.reduce(
                            (sum, activity) => sum + contentsOf('activities', activity.id),
                            0,
                          ),
                      }),
                    })}
                    action={t('editor.moveToArchive')}
                    onConfirm={() =>
                      void deleteModule({ courseId, id: module.id })
                        .unwrap()
                        .then(() => onDeleted(module.id))
                        .catch(quiet)
                    }
                  >
                    {t('editor.delete')}
                  </ConfirmButton>
                </span>
              </div>
              <ModuleActivities
                courseId={courseId}
                module={module}
                selection={selection}
                hrefOf={hrefOf}
                fail={fail}
                quiet={quiet}
                contentsOf={contentsOf}
              />
            </li>
          ))}
        </ol>
      )}
      <p className={`row-actions ${styles.actions}`}>
        <button
          type="button"
          className="button button-primary"
          disabled={creatingModule.isLoading}
          onClick={() => void createModule({ courseId }).unwrap().catch(quiet)}
        >
          {t('editor.addModule')}
        </button>
        <ConfirmButton
          disabled={creatingBatch.isLoading}
          question={t('editor.batchConfirm')}
          details={t('confirm.batchDetails')}
          action={t('editor.batchYes')}
          tone="primary"
          onConfirm={() => void createBatch({ courseId }).unwrap().catch(quiet)}
        >
          {t('editor.batch')}
        </ConfirmButton>
      </p>
    </nav>
  );
}
