import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDates } from '../lib/dates';
import { QueryState } from '../layout/QueryState';
import { useProjectTimelineQuery, type Activity } from './projectsApi';

/** One page of the timeline from `bucketId`, and the button to the next when there is one. */
function TimelinePage({ projectId, bucketId }: { projectId: string; bucketId?: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [more, setMore] = useState(false);
  const timeline = useProjectTimelineQuery({ projectId, bucketId });
  const what = (entry: Activity) =>
    t(`projects.timeline.actions.${entry.action.replace('.', '_')}`, { name: entry.subject_name });
  return (
    <QueryState
      query={timeline}
      loading={t('projects.timeline.loading')}
      failed={t('projects.timeline.failed')}
      empty={!bucketId && timeline.data?.items.length === 0 ? t('projects.timeline.empty') : null}
    >
      {() => (
        <>
          {timeline.data!.items.map((entry) => (
            <li key={entry.id} className="list-row small">
              {t('projects.timeline.entry', { actor: entry.actor.name, what: what(entry) })}{' '}
              <time className="muted" dateTime={entry.created_at}>
                {dates.dateTime(entry.created_at)}
              </time>
            </li>
          ))}
          {timeline.data!.next &&
            (more ? (
              <TimelinePage projectId={projectId} bucketId={timeline.data!.next} />
            ) : (
              <li>
                <button type="button" className="button small" onClick={() => setMore(true)}>
                  {t('projects.timeline.older')}
                </button>
              </li>
            ))}
        </>
      )}
    </QueryState>
  );
}

/** A project's timeline (`GET /timeline-project/{id}`), newest first, older pages on demand. */
export function Timeline({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="section-title">
        {t('projects.timeline.title')}
      </h2>
      <ul className="plain-list">
        <TimelinePage projectId={projectId} />
      </ul>
    </section>
  );
}
