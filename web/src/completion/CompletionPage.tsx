import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CourseLoadFailed } from '../courses/CoursePage';
import { RosterFilters } from '../courses/RosterFilters';
import { useContentsQuery, type Content } from '../courses/content/contentsApi';
import { type Course, useCourseQuery } from '../courses/coursesApi';
import { activityName } from '../courses/names';
import { byIndex } from '../courses/structure';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { ChartGrid, KeyFigures, ScoreHistogram } from '../lib/charts/Charts';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import {
  REPORT_PAGE_SIZE,
  type ReportMeta,
  useCompletionReportQuery,
  useSetCompletionRequiredMutation,
  useSetCompletionTrackingMutation,
} from './completionApi';
import styles from './completion.module.css';

/** The report's bands of percentage, in the order of `meta.distribution`. */
export function distributionBins(distribution: readonly number[]) {
  return distribution.map((count, index) => ({
    label: index === 10 ? '100' : `${index * 10}–${index * 10 + 9}`,
    from: index * 10,
    count,
  }));
}

/** The course's switch: students mark contents done only while it is on (its lecturer turns it). */
function TrackingSwitch({ course }: { course: Course }) {
  const { t } = useTranslation();
  const helpId = useId();
  const [setTracking, { isLoading }] = useSetCompletionTrackingMutation();
  const [error, setError] = useState<string | null>(null);
  const on = course.completion_tracking;
  return (
    <div className={styles.actions}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={isLoading || course.status !== 'LECTURER'}
          aria-describedby={helpId}
          onChange={(event) => {
            setError(null);
            setTracking({ courseId: course.id, tracking: event.target.checked })
              .unwrap()
              .catch((failure: unknown) =>
                setError(notificationFor(failure, t('completion.switchFailed')).text),
              );
          }}
        />
        <span>{t('completion.tracking')}</span>
      </label>
      <span id={helpId} className="muted small">
        {on ? t('completion.trackingOn') : t('completion.trackingOff')}
        {course.status !== 'LECTURER' && ` ${t('completion.lecturerSwitches')}`}
      </span>
      <WarningAlert>{error}</WarningAlert>
    </div>
  );
}

/** Which contents count towards completion: every content of the course, by module and activity. */
function CountingContents({ course }: { course: Course }) {
  const { t } = useTranslation();
  const titleId = useId();
  const contents = useContentsQuery({ courseId: course.id });
  const [setRequired, saving] = useSetCompletionRequiredMutation();

  const places: Array<{ key: string; title: string; items: Content[] }> = [];
  const of = (type: string, id: string) =>
    byIndex(
      (contents.data ?? []).filter(
        (item) => item.contentable_type === type && String(item.contentable_id) === id,
      ),
    );
  places.push({ key: 'course', title: course.name, items: of('courses', course.id) });
  for (const module of byIndex(course.modules ?? [])) {
    places.push({ key: `m${module.id}`, title: module.name, items: of('modules', module.id) });
    for (const activity of byIndex(module.activities ?? [])) {
      places.push({
        key: `a${activity.id}`,
        title: `${module.name} · ${activityName(t, activity.name)}`,
        items: of('activities', activity.id),
      });
    }
  }
  const shown = places.filter((place) => place.items.length > 0);

  return (
    <section className={`card card-body ${styles.panel}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('completion.countingTitle')}
      </h2>
      <p className="muted small">{t('completion.countingHelp')}</p>
      {contents.isLoading ? (
        <Spinner label={t('completion.loadingContents')} />
      ) : contents.isError ? (
        <div role="alert">
          <p className="muted">{t('completion.contentsFailed')}</p>
          <button type="button" className="button small" onClick={() => void contents.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <p className="muted">{t('completion.noContents')}</p>
      ) : (
        shown.map((place) => (
          <div key={place.key}>
            <h3 className={styles.place}>{place.title}</h3>
            {place.items.map((content) => (
              <div key={content.id} className={styles.counts}>
                <span>{content.name}</span>
                <label className="row-actions">
                  <input
                    type="checkbox"
                    checked={content.completion_required}
                    aria-label={t('completion.countsNamed', { name: content.name })}
                    disabled={saving.isLoading}
                    onChange={(event) =>
                      void setRequired({
                        courseId: course.id,
                        contentId: content.id,
                        required: event.target.checked,
                      })
                    }
                  />
                  <span className="small" aria-hidden="true">
                    {t('completion.counts')}
                  </span>
                </label>
              </div>
            ))}
          </div>
        ))
      )}
    </section>
  );
}

function Distribution({ meta }: { meta: ReportMeta }) {
  const { t } = useTranslation();
  return (
    <ScoreHistogram
      bins={distributionBins(meta.distribution)}
      passingGrade={0}
      title={t('completion.chartTitle')}
      countLabel={t('completion.students')}
      rangeLabel={t('completion.percentRange')}
    />
  );
}

/**
 * `/courses/{id}/completion` (the course's staff): every student's progress — class filter and
 * name search in the URL (`?class=`, `?q=`, `?page=`), ten a page — the distribution of the
 * percentages as a chart, the course's tracking switch and which contents count.
 */
export default function CompletionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const list = useListParams();
  const classId = list.params.get('class') ?? '';
  const report = useCompletionReportQuery(
    { courseId: id, classId: classId || undefined, studentName: list.search || undefined, page: list.page },
    { skip: !id },
  );
  const tableId = useId();

  if (course.isLoading) return <Spinner label={t('completion.loading')} />;
  if (course.isError || !course.data) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const data = report.data;
  const filtered = Boolean(classId || list.search);

  return (
    <article aria-labelledby="completion-title" className={styles.page}>
      <header className="page-header">
        <div>
          <h1 id="completion-title">{t('completion.title')}</h1>
          <p className="muted">
            <Link to={`/courses/${encodeURIComponent(id)}`}>{course.data.name}</Link>
          </p>
        </div>
        <TrackingSwitch course={course.data} />
      </header>

      <RosterFilters
        texts={{
          filters: t('completion.filters'),
          class: t('completion.class'),
          allClasses: t('completion.allClasses'),
          search: t('completion.search'),
          searchPlaceholder: t('completion.searchPlaceholder'),
        }}
        classes={course.data.class ?? []}
        classId={classId}
        list={list}
      />

      {report.isLoading ? (
        <Spinner label={t('completion.loadingReport')} />
      ) : report.isError || !data ? (
        <div className="alert alert-warning" role="alert">
          <p>{notificationFor(report.error, t('completion.reportFailed')).text}</p>
          <button type="button" className="button small" onClick={() => void report.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <KeyFigures
            items={[
              { key: 'students', label: t('completion.students'), value: data.meta.total },
              { key: 'required', label: t('completion.required'), value: data.meta.required },
              {
                key: 'complete',
                label: t('completion.everything'),
                value: data.meta.required === 0 ? '—' : data.meta.distribution[10],
              },
            ]}
          />
          {data.meta.required === 0 && <p className="muted">{t('completion.nothingCountsStaff')}</p>}
          {data.rows.length === 0 ? (
            <div className="empty-state">
              <p>{filtered ? t('completion.noMatch') : t('completion.noStudents')}</p>
            </div>
          ) : (
            <>
              {/* Focusable, so a keyboard scrolls the table on a narrow screen. */}
              <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={tableId}>
                <table className="data-table" aria-labelledby={tableId}>
                  <caption id={tableId} className="sr-only">
                    {t('completion.reportCaption')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('completion.student')}</th>
                      <th scope="col">{t('completion.class')}</th>
                      <th scope="col" className={styles.number}>
                        {t('completion.doneCount')}
                      </th>
                      <th scope="col" className={styles.number}>
                        {t('completion.percentage')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.id}>
                        <th scope="row">
                          {row.name}
                          {row.nim && <span className="muted small"> · {row.nim}</span>}
                        </th>
                        <td>{row.class_name}</td>
                        <td className={styles.number}>
                          {t('completion.ofRequired', { completed: row.completed, required: row.required })}
                        </td>
                        <td className={styles.number} data-testid={`percentage-${row.user_id}`}>
                          <progress
                            className={styles.meter}
                            max={100}
                            value={row.percentage}
                            aria-hidden="true"
                          />
                          {t('completion.percent', { value: row.percentage })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={list.page}
                pages={Math.ceil(data.meta.total / REPORT_PAGE_SIZE)}
                onPage={list.goTo}
              />
            </>
          )}
        </>
      )}

      <div className={styles.panels}>
        {data && (
          <div className={styles.panel}>
            <ChartGrid>
              <Distribution meta={data.meta} />
            </ChartGrid>
          </div>
        )}
        <CountingContents course={course.data} />
      </div>
    </article>
  );
}
