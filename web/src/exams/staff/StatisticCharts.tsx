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
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFigure, ScoreHistogram } from '../../lib/charts/Charts';
import { decimal, percent } from './numbers';
import { questionLabel } from './questionLabel';
import type { Bin, OptionShare, QuestionSummary } from './staffTypes';

/** The charts of the statistics page (the statistics pieces of lib/charts). */
const COLORS = {
  bar: 'var(--primary)',
  second: 'var(--accent)',
  good: 'var(--success)',
  bad: 'var(--danger)',
  muted: 'var(--muted)',
};

/** How many attempts scored in each range (0–100). */
export function ExamScoreHistogram({ bins, passingGrade }: { bins: Bin[]; passingGrade: number }) {
  const { t } = useTranslation();
  return (
    <ScoreHistogram
      bins={bins}
      passingGrade={passingGrade}
      title={t('exam.staff.statistic.distribution')}
      countLabel={t('exam.staff.statistic.attempts')}
      rangeLabel={t('exam.staff.statistic.range')}
    />
  );
}

/**
 * Passed and failed attempts; the counts are in the legend ("Passed: 3"): labels at the slices' ends
 * had no room above and below the ring, and an even split drew its lines through them.
 */
export function PassRateChart({ passed, failed }: { passed: number; failed: number }) {
  const { t } = useTranslation();
  const data = [
    { name: t('exam.staff.statistic.passed'), value: passed, color: COLORS.good },
    { name: t('exam.staff.statistic.failed'), value: failed, color: COLORS.bad },
  ];
  return (
    <ChartFigure
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
          >
            {data.map((item) => (
              <Cell key={item.name} fill={item.color} />
            ))}
          </Pie>
          <Legend
            formatter={(name: string) => `${name}: ${data.find((item) => item.name === name)?.value}`}
          />
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
    <ChartFigure
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
    <ChartFigure
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
