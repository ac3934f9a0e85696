import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styles from './charts.module.css';

/**
 * The pieces every statistics page draws (an exam's, an assignment's): key figures, a grid of
 * charts, and each chart (recharts, SVG) as a picture for the eye, hidden from assistive technology
 * and out of the tab order (no accessibility layer), with its numbers in a table beside it for a
 * screen reader and for reading exact values.
 */
const SIZE = { width: 640, height: 260 };

/** The page's key figures: a label over each value. */
export function KeyFigures({
  items,
}: {
  items: ReadonlyArray<{ key: string; label: string; value: ReactNode }>;
}) {
  return (
    <dl className={styles.figures}>
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Charts side by side while they fit, one under the other on a phone. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return <div className={styles.charts}>{children}</div>;
}

/** One chart with its title, and its numbers as a table behind "Show as a table". */
export function ChartFigure({
  title,
  chart,
  table,
}: {
  title: string;
  chart: ReactElement;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <figure className={styles.figure} aria-labelledby={id}>
      <figcaption id={id} className={styles.figureTitle}>
        {title}
      </figcaption>
      <div aria-hidden="true" inert className={styles.chart}>
        <ResponsiveContainer width="100%" height={SIZE.height} initialDimension={SIZE}>
          {chart}
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('common.asTable')}</summary>
        <div className={styles.tableWrap}>{table}</div>
      </details>
    </figure>
  );
}

/** A chart's numbers: one row per item, its label as the row's header, then its count. */
export function CountTable({
  rows,
  labelHeader,
  countHeader,
}: {
  rows: ReadonlyArray<{ key: string; label: ReactNode; count: number }>;
  labelHeader: string;
  countHeader: string;
}) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{countHeader}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A range of scores and how many fall in it, `from` its lowest score. */
export interface ScoreBin {
  label: string;
  from: number;
  count: number;
}

/** The bin a passing grade falls in (bins in ascending order), none for a grade of 0. */
export function passingBin<T extends { from: number }>(
  bins: readonly T[],
  passingGrade: number,
): T | undefined {
  if (!(passingGrade > 0)) return undefined;
  return bins.find(
    (bin, at) => passingGrade >= bin.from && (at === bins.length - 1 || passingGrade < bins[at + 1].from),
  );
}

/** How many scores fall in each range, the passing grade's range marked. */
export function ScoreHistogram({
  bins,
  passingGrade,
  title,
  countLabel,
  rangeLabel,
}: {
  bins: readonly ScoreBin[];
  passingGrade: number;
  title: string;
  /** What is counted ("Attempts", "Answers"). */
  countLabel: string;
  rangeLabel: string;
}) {
  const { t } = useTranslation();
  const passBin = passingBin(bins, passingGrade);
  return (
    <ChartFigure
      title={title}
      chart={
        <BarChart
          accessibilityLayer={false}
          data={[...bins]}
          // room above the plot for the pass mark's label, so it never sits on a bar
          margin={{ top: passBin ? 22 : 8, right: 8, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          {passBin && (
            <ReferenceLine
              x={passBin.label}
              stroke="var(--danger)"
              label={{ value: t('common.passMark'), position: 'top', fill: 'var(--danger)', fontSize: 12 }}
            />
          )}
          <Bar dataKey="count" name={countLabel} fill="var(--primary)" isAnimationActive={false} />
        </BarChart>
      }
      table={
        <CountTable
          rows={bins.map((bin) => ({ key: bin.label, label: bin.label, count: bin.count }))}
          labelHeader={rangeLabel}
          countHeader={countLabel}
        />
      }
    />
  );
}
