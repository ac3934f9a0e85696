import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../layout/Spinner';
import { useDates } from '../lib/dates';
import { TOC_FIX_SCROLL, useScrolledPast } from '../lib/useScrolledPast';
import { ContentViewer } from './content/ContentViewer';
import { useContentsQuery, type ContentScope } from './content/contentsApi';
import type { PublicCourse } from './coursesApi';
import { byIndex, contentableOf, selectionOf } from './structure';
import { activityName } from './names';
import { TaskableTasks } from '../tasks/student/TaskableTasks';
import { ActivityVlabs } from '../vlabs/ActivityVlabs';
import { CompletionToggle } from '../completion/CompletionToggle';
import { useMyCompletionsQuery } from '../completion/completionApi';
import { ActivityThreads } from '../discussions/ActivityThreads';
import { BookmarkToggle } from '../space/BookmarkToggle';
import { NotePanel } from '../space/NotePanel';
import { useScrollToHash } from '../space/useScrollToHash';
import { cx } from '../lib/classNames';
import styles from './CourseReader.module.css';

/** A module or activity hidden from students: only those who teach the course read it. */
function HiddenMark() {
  const { t } = useTranslation();
  return (
    <span className={cx('badge badge-muted', styles.hidden)} title={t('course.hiddenHelp')}>
      {t('course.hidden')}
    </span>
  );
}

/** The reader's part in the course (null: not a member, say a visitor of a public course). */
function statusOf(course: PublicCourse): string | null {
  return (course as { status?: string | null }).status ?? null;
}

/** The reader teaches the course (its lecturer or an assistant): they manage its labs. */
function teaches(course: PublicCourse): boolean {
  const status = statusOf(course);
  return status === 'LECTURER' || status === 'ASSISTANT';
}

/** Where a module or activity of the outline leads (the reader keeps it in the query, the preview in the path). */
export type OutlineHref = (moduleId: string, activityId?: string) => string;

/**
 * The course's outline (modules, then their activities) beside the contents of the module or
 * activity chosen: what students read, what the lecturer previews, and what a visitor of a public
 * course reads (`scope="public"`). `closedNote` stands in for the contents when they are not open
 * to this reader (a free course that is not public: its contents are for those who join).
 */
export function CourseReader({
  course,
  moduleId,
  activityId,
  hrefOf,
  scope = 'course',
  closedNote,
  completionOf,
}: {
  course: PublicCourse;
  moduleId: string | null;
  activityId: string | null;
  hrefOf: OutlineHref;
  scope?: ContentScope;
  closedNote?: string;
  /** The course whose completion the reader (a student) tracks: a "mark as done" on each content that counts. */
  completionOf?: string;
}) {
  const { t } = useTranslation();
  const { dateRange } = useDates();
  const modules = byIndex(course.modules).map((module) => ({
    ...module,
    activities: byIndex(module.activities),
  }));
  // Nothing chosen yet: the first activity of the first module (or the module itself).
  const fallback = moduleId ? null : modules[0];
  const selection = selectionOf(
    modules,
    moduleId ?? fallback?.id,
    moduleId ? activityId : fallback?.activities[0]?.id,
  );
  const target = contentableOf(selection);
  const contents = useContentsQuery(target && scope === 'public' ? { ...target, scope } : (target ?? {}), {
    skip: !target || Boolean(closedNote),
  });
  const items = contents.isError ? [] : byIndex(contents.data ?? []);
  const heading = selection.activity ? activityName(t, selection.activity.name) : selection.module?.name;
  const outlineFixed = useScrolledPast(TOC_FIX_SCROLL);
  const mine = useMyCompletionsQuery(completionOf ?? '', { skip: !completionOf });
  // A member keeps bookmarks and notes of the contents they read (a visitor of a public course does not).
  const personal = scope === 'course' && statusOf(course) !== null;
  useScrollToHash(items.length);

  return (
    <div className={styles.layout}>
      <nav
        className={cx('card card-body', styles.outline, outlineFixed && styles.fixed)}
        aria-labelledby="outline-title"
      >
        <h2 id="outline-title" className="section-title">
          {t('course.modules', { count: modules.length })}
        </h2>
        {modules.length === 0 ? (
          <p className="muted">{t('course.noModules')}</p>
        ) : (
          <ol className={styles.outlineList}>
            {modules.map((module, index) => {
              const dates = dateRange(module.start_at, module.end_at);
              const current = selection.module?.id === module.id && !selection.activity;
              return (
                <li key={module.id}>
                  <Link
                    to={hrefOf(module.id)}
                    className={styles.module}
                    aria-current={current ? 'page' : undefined}
                  >
                    <span className={styles.index} aria-hidden="true">
                      {index + 1}
                    </span>
                    <span>
                      {module.name}
                      {module.is_active === false && <HiddenMark />}
                      {dates && <span className={`muted small ${styles.dates}`}>{dates}</span>}
                    </span>
                  </Link>
                  {module.activities.length > 0 && (
                    <ul aria-label={t('course.activitiesOf', { module: module.name })}>
                      {module.activities.map((activity) => (
                        <li key={activity.id}>
                          <Link
                            to={hrefOf(module.id, activity.id)}
                            className={styles.activity}
                            aria-current={selection.activity?.id === activity.id ? 'page' : undefined}
                          >
                            {activityName(t, activity.name)}
                            {activity.is_active === false && <HiddenMark />}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </nav>

      <section className={styles.contents} aria-labelledby="contents-title">
        {!target ? (
          <p className="muted" id="contents-title">
            {moduleId ? t('reader.notFound') : t('reader.choose')}
          </p>
        ) : (
          <>
            <h2 id="contents-title" className="section-title">
              {selection.activity && <span className="muted">{selection.module?.name} · </span>}
              {heading}
            </h2>
            {closedNote ? (
              <p className="muted">{closedNote}</p>
            ) : contents.isLoading ? (
              <Spinner label={t('reader.loadingContents')} />
            ) : items.length === 0 ? (
              <p className="muted">{t('reader.noContents')}</p>
            ) : (
              <div className={styles.stack}>
                {items.map((content) => (
                  <ContentViewer
                    key={content.id}
                    content={content}
                    scope={scope}
                    actions={
                      <>
                        {personal && (
                          <BookmarkToggle kind="content" itemId={content.id} title={content.name} />
                        )}
                        {completionOf && content.completion_required && mine.data && (
                          <CompletionToggle
                            courseId={completionOf}
                            contentId={content.id}
                            name={content.name}
                            done={mine.data.done.includes(content.id)}
                          />
                        )}
                      </>
                    }
                    footer={personal && <NotePanel contentId={content.id} contentName={content.name} />}
                  />
                ))}
              </div>
            )}
            {scope === 'course' && !closedNote && (
              <TaskableTasks
                taskableType={target.type === 'activities' ? 'activity' : 'module'}
                taskableId={target.id}
              />
            )}
            {scope === 'course' && !closedNote && target.type === 'activities' && (
              <ActivityThreads courseId={course.id} activityId={target.id} />
            )}
            {scope === 'course' && !closedNote && target.type === 'activities' && (
              <ActivityVlabs activityId={target.id} staff={teaches(course)} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
