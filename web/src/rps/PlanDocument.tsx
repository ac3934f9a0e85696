import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanContent } from './rpsApi';
import styles from './rps.module.css';

/** One stage's section of the document: its number and title, its content or "not filled in yet". */
function Section({
  n,
  slug,
  empty,
  children,
}: {
  n: number;
  slug: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `rps-section-${slug}`;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className="section-title">
        {n}. {t(`rps.stages.${slug}`)}
      </h2>
      {empty ? <p className="muted">{t('rps.doc.none')}</p> : children}
    </section>
  );
}

/**
 * A semester plan as a document: the course, then each stage's data in order (the weekly plan of
 * stages 7–11 as one table). The staff's preview and the public page show the same.
 */
export function PlanDocument({ plan, titleId }: { plan: PlanContent; titleId: string }) {
  const { t } = useTranslation();
  const text = (value: string | null) => (value?.trim() ? value : t('rps.doc.none'));
  return (
    <article aria-labelledby={titleId} className={styles.document}>
      <header className={styles.docHeader}>
        <p className="muted">{t('rps.doc.title')}</p>
        <h1 id={titleId}>
          {plan.code} · {plan.course_name}
        </h1>
        <p>
          {t('rps.doc.curriculum', { curriculum: plan.curriculum })}
          {plan.period_name ? ` · ${plan.period_name}` : ''} ·{' '}
          <span className="badge">{t(`rps.status.${plan.status}`)}</span>
        </p>
      </header>
      <Section n={1} slug="informasi-umum-mk" empty={false}>
        <dl className={styles.facts}>
          <dt>{t('rps.doc.description')}</dt>
          <dd>{text(plan.description_mk)}</dd>
          <dt>{t('rps.doc.notes')}</dt>
          <dd>{text(plan.notes)}</dd>
          <dt>{t('rps.doc.aiPolicy')}</dt>
          <dd>{text(plan.kebijakan_ai)}</dd>
        </dl>
      </Section>
      <Section n={2} slug="bahan-kajian" empty={plan.topics.length === 0}>
        <ol>
          {plan.topics.map((topic, index) => (
            <li key={index}>
              <strong>{topic.name}</strong>
              {topic.description ? ` — ${topic.description}` : ''}
            </li>
          ))}
        </ol>
      </Section>
      <Section n={3} slug="cpl" empty={plan.cpl.length === 0}>
        <dl className={styles.facts}>
          {plan.cpl.map((cpl) => [
            <dt key={`t${cpl.code}`}>{cpl.code}</dt>,
            <dd key={`d${cpl.code}`}>{cpl.description}</dd>,
          ])}
        </dl>
      </Section>
      <Section n={4} slug="cpmk" empty={plan.cpmk.length === 0}>
        <dl className={styles.facts}>
          {plan.cpmk.map((cpmk) => [
            <dt key={`t${cpmk.code}`}>{cpmk.code}</dt>,
            <dd key={`d${cpmk.code}`}>
              {cpmk.description}
              {cpmk.cpl.length > 0 && (
                <span className="muted"> ({t('rps.doc.cplOf', { codes: cpmk.cpl.join(', ') })})</span>
              )}
              {cpmk.sub_cpmk.length > 0 && (
                <ul>
                  {cpmk.sub_cpmk.map((sub) => (
                    <li key={sub.code}>
                      {sub.code}: {sub.description}
                    </li>
                  ))}
                </ul>
              )}
            </dd>,
          ])}
        </dl>
      </Section>
      <Section n={5} slug="rujukan" empty={plan.references.length === 0}>
        <ul>
          {plan.references.map((reference, index) => (
            <li key={index}>
              <span className="badge badge-muted">{t(`rps.doc.${reference.type}`)}</span> {reference.citation}
            </li>
          ))}
        </ul>
      </Section>
      <Section n={6} slug="evaluasi" empty={plan.evaluations.length === 0}>
        <ul>
          {plan.evaluations.map((evaluation, index) => (
            <li key={index}>
              <strong>{evaluation.name}</strong> · {evaluation.weight} % ·{' '}
              {t('rps.doc.measures', { codes: evaluation.cpmk.join(', ') })}
            </li>
          ))}
        </ul>
      </Section>
      <section aria-labelledby="rps-section-weeks" className={styles.section}>
        <h2 id="rps-section-weeks" className="section-title">
          7–11. {t('rps.stages.rps-utama')}
        </h2>
        {plan.weeks.length === 0 ? (
          <p className="muted">{t('rps.doc.none')}</p>
        ) : (
          <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="rps-section-weeks">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('rps.doc.week')}</th>
                  <th scope="col">{t('rps.doc.topic')}</th>
                  <th scope="col">{t('rps.doc.indicators')}</th>
                  <th scope="col">{t('rps.doc.methods')}</th>
                  <th scope="col">{t('rps.doc.minutes')}</th>
                  <th scope="col">{t('rps.doc.lce')}</th>
                  <th scope="col">{t('rps.doc.aiUse')}</th>
                  <th scope="col">{t('rps.doc.weight')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.weeks.map((week) => (
                  <tr key={week.week}>
                    <th scope="row">{week.week}</th>
                    <td>
                      {week.topic}
                      {week.sub_cpmk && <div className="muted small">{week.sub_cpmk}</div>}
                    </td>
                    <td>
                      {week.indicators}
                      {week.criteria && <div className="muted small">{week.criteria}</div>}
                    </td>
                    <td>{[week.method_offline, week.method_online].filter(Boolean).join(' / ')}</td>
                    <td>
                      {week.face_to_face_minutes} / {week.structured_minutes} / {week.independent_minutes}
                    </td>
                    <td>{week.learning_experience}</td>
                    <td>{week.ai_use}</td>
                    <td>{week.weight} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}
