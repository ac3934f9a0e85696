import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../lib/charts/Charts';
import { InputField } from '../layout/InputField';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import {
  type CpmkMapping,
  type CpmkStage1,
  type CpmkStage2,
  type CpmkStage2Config,
  type CpmkStage3,
  useCalculateCpmkStage1Mutation,
  useCalculateCpmkStage2Mutation,
  useClearCpmkMeasurementMutation,
  useCpmkStage1Query,
  useCpmkStage2ConfigQuery,
  useCpmkStage2Query,
  useCpmkStage3Query,
} from './cpmkApi';
import styles from './rps.module.css';

const cellKey = (type: string, id: number, cpmk: string) => `${type}:${id}:${cpmk}`;
const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value}`;

/** The failure of a mutation as an alert, none while it has not failed. */
function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error === undefined) return null;
  return (
    <p role="alert" className="alert alert-warning">
      {notificationFor(error, t('common.tryAgainLater')).text}
    </p>
  );
}

/** Stage 1's form: a weight per assessment and CPMK (empty: not mapped), then the computation. */
function MappingForm({ courseId, stage1 }: { courseId: string; stage1: CpmkStage1 }) {
  const { t } = useTranslation();
  const [calculate, calculating] = useCalculateCpmkStage1Mutation();
  const [weights, setWeights] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      stage1.mappings.map((row) => [
        cellKey(row.assessment_type, row.assessment_id, row.cpmk),
        String(row.weight),
      ]),
    ),
  );
  const mappings: CpmkMapping[] = stage1.assessments.flatMap((assessment) =>
    stage1.cpmk.flatMap(({ code }) => {
      const weight = Number(weights[cellKey(assessment.type, assessment.id, code)] ?? '');
      return weight > 0
        ? [{ assessment_type: assessment.type, assessment_id: assessment.id, cpmk: code, weight }]
        : [];
    }),
  );
  return (
    <form
      className="card card-body"
      aria-labelledby="cpmk-mapping"
      aria-busy={calculating.isLoading}
      onSubmit={(event) => {
        event.preventDefault();
        void calculate({ courseId, mappings });
      }}
    >
      <h2 id="cpmk-mapping" className="section-title">
        {t('rps.cpmk.mapping.title')}
      </h2>
      <p className="muted">{t('rps.cpmk.mapping.intro')}</p>
      {stage1.assessments.length === 0 ? (
        <p className="muted">{t('rps.cpmk.mapping.noAssessments')}</p>
      ) : (
        <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="cpmk-mapping">
          <table className="data-table">
            <caption className="sr-only">{t('rps.cpmk.mapping.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rps.cpmk.mapping.assessment')}</th>
                {stage1.cpmk.map(({ code }) => (
                  <th key={code} scope="col">
                    {code}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stage1.assessments.map((assessment) => (
                <tr key={`${assessment.type}:${assessment.id}`}>
                  <th scope="row">
                    {assessment.title}{' '}
                    <span className="muted">({t(`rps.cpmk.mapping.types.${assessment.type}`)})</span>
                  </th>
                  {stage1.cpmk.map(({ code }) => {
                    const key = cellKey(assessment.type, assessment.id, code);
                    return (
                      <td key={code}>
                        <input
                          type="number"
                          min={1}
                          max={100}
                          step="any"
                          inputMode="decimal"
                          aria-label={t('rps.cpmk.mapping.weightOf', {
                            assessment: assessment.title,
                            cpmk: code,
                          })}
                          value={weights[key] ?? ''}
                          onChange={(event) => setWeights((now) => ({ ...now, [key]: event.target.value }))}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Failure error={calculating.error} />
      <div className={styles.actions}>
        <button
          type="submit"
          className="button button-primary"
          disabled={calculating.isLoading || mappings.length === 0}
        >
          {calculating.isLoading ? t('rps.cpmk.computing') : t('rps.cpmk.mapping.compute')}
        </button>
      </div>
    </form>
  );
}

/** Stage 2's form: each CPMK's threshold, then the class attainment. */
function ThresholdForm({ courseId, config }: { courseId: string; config: CpmkStage2Config }) {
  const { t } = useTranslation();
  const [calculate, calculating] = useCalculateCpmkStage2Mutation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(config.thresholds.map((row) => [row.cpmk, String(row.threshold)])),
  );
  return (
    <form
      className="card card-body"
      aria-labelledby="cpmk-thresholds"
      aria-busy={calculating.isLoading}
      onSubmit={(event) => {
        event.preventDefault();
        void calculate({
          courseId,
          thresholds: config.thresholds.map((row) => ({
            cpmk: row.cpmk,
            threshold: Number(values[row.cpmk] ?? row.threshold),
          })),
        });
      }}
    >
      <h2 id="cpmk-thresholds" className="section-title">
        {t('rps.cpmk.thresholds.title')}
      </h2>
      <p className="muted">{t('rps.cpmk.thresholds.intro', { threshold: config.default_threshold })}</p>
      <div className={styles.actions}>
        {config.thresholds.map((row) => (
          <InputField
            key={row.cpmk}
            id={`cpmk-threshold-${row.cpmk}`}
            label={t('rps.cpmk.thresholds.of', { cpmk: row.cpmk })}
            type="number"
            min={0}
            max={100}
            step="any"
            inputMode="decimal"
            required
            value={values[row.cpmk] ?? ''}
            onChange={(value) => setValues((now) => ({ ...now, [row.cpmk]: value }))}
          />
        ))}
      </div>
      <Failure error={calculating.error} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={calculating.isLoading}>
          {calculating.isLoading ? t('rps.cpmk.computing') : t('rps.cpmk.thresholds.compute')}
        </button>
      </div>
    </form>
  );
}

/** Stage 2's result: per CPMK the class mean against its threshold, and the share reaching it. */
function ClassAttainment({ stage2 }: { stage2: CpmkStage2 }) {
  const { t } = useTranslation();
  if (stage2.results.length === 0) return <p className="muted">{t('rps.cpmk.classResult.none')}</p>;
  return (
    <ChartFigure
      title={t('rps.cpmk.classResult.title')}
      chart={
        <BarChart
          accessibilityLayer={false}
          data={stage2.results}
          margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="cpmk" />
          <YAxis domain={[0, 100]} width={36} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="mean_score"
            name={t('rps.cpmk.classResult.mean')}
            fill="var(--primary)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="threshold"
            name={t('rps.cpmk.classResult.threshold')}
            fill="var(--warning)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="reached_percent"
            name={t('rps.cpmk.classResult.reachedPercent')}
            fill="var(--success)"
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">CPMK</th>
              <th scope="col">{t('rps.cpmk.classResult.mean')}</th>
              <th scope="col">{t('rps.cpmk.classResult.threshold')}</th>
              <th scope="col">{t('rps.cpmk.classResult.reached')}</th>
              <th scope="col">{t('rps.cpmk.classResult.reachedPercent')}</th>
            </tr>
          </thead>
          <tbody>
            {stage2.results.map((row) => (
              <tr key={row.cpmk}>
                <th scope="row">{row.cpmk}</th>
                <td>{percent(row.mean_score)}</td>
                <td>{percent(row.threshold)}</td>
                <td>{row.reached === null ? '—' : `${row.reached} / ${row.students}`}</td>
                <td>{percent(row.reached_percent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Stage 1's result: each student's attainment per CPMK. */
function StudentTable({ stage1 }: { stage1: CpmkStage1 }) {
  const { t } = useTranslation();
  if (stage1.students.length === 0) return <p className="muted">{t('rps.cpmk.students.none')}</p>;
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="cpmk-students">
      <table className="data-table">
        <caption>{t('rps.cpmk.students.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rps.cpmk.students.name')}</th>
            {stage1.cpmk.map(({ code }) => (
              <th key={code} scope="col">
                {code}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stage1.students.map((student) => (
            <tr key={student.student_id}>
              <th scope="row">{student.name}</th>
              {stage1.cpmk.map(({ code }) => (
                <td key={code}>{percent(student.scores[code])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Stage 3: the CPL the course serves. */
function CplTable({ stage3 }: { stage3: CpmkStage3 }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="cpmk-cpl">
      <table className="data-table">
        <caption>{t('rps.cpmk.cpl.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">CPL</th>
            <th scope="col">{t('rps.cpmk.cpl.from')}</th>
            <th scope="col">{t('rps.cpmk.classResult.mean')}</th>
            <th scope="col">{t('rps.cpmk.classResult.reachedPercent')}</th>
          </tr>
        </thead>
        <tbody>
          {stage3.results.map((row) => (
            <tr key={row.cpl}>
              <th scope="row">
                {row.cpl} <span className="muted">{row.description}</span>
              </th>
              <td>{row.cpmk.map((part) => t('rps.cpmk.cpl.part', part)).join(', ') || '—'}</td>
              <td>{percent(row.score)}</td>
              <td>{percent(row.reached_percent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/courses/{id}/cpmk`: the course's CPMK measurement, stage by stage (spec 03 §7). */
export default function CpmkPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const stage1 = useCpmkStage1Query(id);
  const stage2 = useCpmkStage2Query(id);
  const config = useCpmkStage2ConfigQuery(id);
  const stage3 = useCpmkStage3Query(id);
  const [clear, clearing] = useClearCpmkMeasurementMutation();

  return (
    <section aria-labelledby="course-cpmk-title" className={styles.document}>
      <header className="page-header">
        <h1 id="course-cpmk-title">{t('routes.courseCpmk')}</h1>
        <p className="muted">{t('rps.cpmk.intro')}</p>
      </header>
      <QueryState
        query={stage1}
        loading={t('rps.cpmk.loading')}
        failed={t('rps.cpmk.failed')}
        empty={stage1.data?.cpmk.length === 0 ? t('rps.cpmk.noPlan') : null}
      >
        {() => (
          <>
            <MappingForm
              key={stage1.data!.mappings.map((row) => Object.values(row).join(':')).join('|')}
              courseId={id}
              stage1={stage1.data!}
            />
            <section aria-labelledby="cpmk-students" className={styles.section}>
              <h2 id="cpmk-students" className="section-title">
                {t('rps.cpmk.students.title')}
              </h2>
              <StudentTable stage1={stage1.data!} />
            </section>
            {stage1.data!.students.length > 0 && config.data && (
              <ThresholdForm
                key={config.data.thresholds.map((row) => `${row.cpmk}:${row.threshold}`).join('|')}
                courseId={id}
                config={config.data}
              />
            )}
            <section aria-labelledby="cpmk-class" className={styles.section}>
              <h2 id="cpmk-class" className="section-title">
                {t('rps.cpmk.classResult.heading')}
              </h2>
              {stage2.data && <ClassAttainment stage2={stage2.data} />}
            </section>
            <section aria-labelledby="cpmk-cpl" className={styles.section}>
              <h2 id="cpmk-cpl" className="section-title">
                {t('rps.cpmk.cpl.title')}
              </h2>
              {stage3.data && <CplTable stage3={stage3.data} />}
            </section>
            {stage1.data!.students.length > 0 && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className="button"
                  disabled={clearing.isLoading}
                  onClick={() => void clear(id)}
                >
                  {t('rps.cpmk.clear')}
                </button>
                <Failure error={clearing.error} />
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
