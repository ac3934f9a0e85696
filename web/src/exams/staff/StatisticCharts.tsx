import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { decimal, percent } from './numbers';
import { questionLabel } from './questionLabel';
import type { Bin, OptionShare, QuestionSummary } from './staffTypes';
import styles from './staff.module.css';

/**
 * The charts of the statistics page (recharts, SVG). A chart is a picture for the eye, hidden from
 * assistive technology and out of the tab order (no accessibility layer); its numbers are a table
 * beside it, for a screen reader and for reading exact values.
 */
const SIZE = { width: 640, height: 260 };
const COLORS = {
  bar: 'var(--primary)',
  second: 'var(--accent)',
  good: 'var(--success)',
  bad: 'var(--danger)',
  muted: 'var(--muted)',
};

function Figure({ title, chart, table }: { title: string; chart: React.ReactNode; table: React.ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <figure className={styles.figure} aria-labelledby={id}>
      <figcaption id={id} className={styles.figureTitle}>
        {title}
      </figcaption>
      <div aria-hidden="true" inert className={styles.chart}>
        <ResponsiveContainer width="100%" height={SIZE.height} initialDimension={SIZE}>
          {chart as React.ReactElement}
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('exam.staff.statistic.asTable')}</summary>
        <div className={styles.tableWrap}>{table}</div>
      </details>
    </figure>
  );
}

/** How many attempts scored in each range (0–100). */
export function ScoreHistogram({ bins, passingGrade }: { bins: Bin[]; passingGrade: number }) {
  const { t } = useTranslation();
  const data = bins.map((bin) => ({ range: bin.label, count: bin.count, from: bin.from }));
  const passBin = data.find(
    (item, at) => passingGrade >= item.from && (at === data.length - 1 || passingGrade < data[at + 1].from),
  );
  return (
    <Figure
      title={t('exam.staff.statistic.distribution')}
      chart={
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="range" />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          {passBin && passingGrade > 0 && (
            <ReferenceLine x={passBin.range} stroke={COLORS.bad} label={t('exam.staff.statistic.passMark')} />
          )}
          <Bar
            dataKey="count"
            name={t('exam.staff.statistic.attempts')}
            fill={COLORS.bar}
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('exam.staff.statistic.range')}</th>
              <th scope="col">{t('exam.staff.statistic.attempts')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <tr key={item.range}>
                <th scope="row">{item.range}</th>
                <td>{item.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Passed and failed attempts. */
export function PassRateChart({ passed, failed }: { passed: number; failed: number }) {
  const { t } = useTranslation();
  const data = [
    { name: t('exam.staff.statistic.passed'), value: passed, color: COLORS.good },
    { name: t('exam.staff.statistic.failed'), value: failed, color: COLORS.bad },
  ];
  return (
    <Figure
      title={t('exam.staff.statistic.passRate')}
      chart={
        <PieChart accessibilityLayer={false}>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="50%"
            outerRadius="80%"
            isAnimationActive={false}
            label
          >
            {data.map((item) => (
              <Cell key={item.name} fill={item.color} />
            ))}
          </Pie>
          <Legend />
          <Tooltip />
        </PieChart>
      }
      table={
        <table className="data-table">
          <tbody>
            {data.map((item) => (
              <tr key={item.name}>
                <th scope="row">{item.name}</th>
                <td>{item.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Difficulty (share of the points got, 0–1) and discrimination (−1–1) of each question. */
export function QuestionQualityChart({ questions }: { questions: QuestionSummary[] }) {
  const { t } = useTranslation();
  const data = questions.map((question) => ({
    label: questionLabel(t, question),
    difficulty: question.difficulty,
    discrimination: question.discrimination,
  }));
  return (
    <Figure
      title={t('exam.staff.statistic.quality')}
      chart={
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis domain={[-1, 1]} width={36} />
          <Tooltip />
          <Legend />
          <ReferenceLine y={0} stroke={COLORS.muted} />
          <Bar
            dataKey="difficulty"
            name={t('exam.staff.statistic.difficulty')}
            fill={COLORS.bar}
            isAnimationActive={false}
          />
          <Bar
            dataKey="discrimination"
            name={t('exam.staff.statistic.discrimination')}
            fill={COLORS.second}
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('exam.staff.statistic.questionCol')}</th>
              <th scope="col">{t('exam.staff.statistic.difficulty')}</th>
              <th scope="col">{t('exam.staff.statistic.discrimination')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <tr key={item.label}>
                <th scope="row">{item.label}</th>
                <td>{decimal(item.difficulty)}</td>
                <td>{decimal(item.discrimination)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** How many students chose each option of a question; the correct ones in green. */
export function OptionChart({ options, title }: { options: OptionShare[]; title: string }) {
  const { t } = useTranslation();
  const total = options.reduce((sum, option) => sum + option.chosen, 0);
  const data = options.map((option) => ({
    label: t('exam.staff.statistic.optionShort', { index: option.index }),
    text: option.answer ?? '',
    count: option.chosen,
    upper: option.chosen_upper,
    lower: option.chosen_lower,
    correct: option.is_correct,
  }));
  return (
    <Figure
      title={title}
      chart={
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={72} />
          <Tooltip />
          <Bar dataKey="count" name={t('exam.staff.statistic.chosenBy')} isAnimationActive={false}>
            {data.map((item) => (
              <Cell key={item.label} fill={item.correct ? COLORS.good : COLORS.muted} />
            ))}
          </Bar>
        </BarChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('exam.staff.statistic.option')}</th>
              <th scope="col">{t('exam.staff.statistic.chosenBy')}</th>
              <th scope="col">{t('exam.staff.statistic.share')}</th>
              <th scope="col">{t('exam.staff.statistic.upper')}</th>
              <th scope="col">{t('exam.staff.statistic.lower')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <tr key={item.label}>
                <th scope="row">
                  {item.label}: {item.text}
                  {item.correct && <span className="badge"> {t('exam.staff.statistic.correct')}</span>}
                </th>
                <td>{item.count}</td>
                <td>{percent(total === 0 ? null : item.count / total)}</td>
                <td>{item.upper}</td>
                <td>{item.lower}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
