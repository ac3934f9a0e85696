import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, CountTable } from '../lib/charts/Charts';
import type { QuestionResult } from './surveyApi';

/**
 * One question's distribution: how many students gave each scale value or chose each option (the
 * statistics pieces of lib/charts: the bars for the eye, the numbers as a table).
 */
export function QuestionChart({ question, number }: { question: QuestionResult; number: number }) {
  const { t } = useTranslation();
  const bars = question.distribution ?? [];
  const title = `${number}. ${question.text}`;
  return (
    <ChartFigure
      title={
        question.mean === null ? title : `${title} — ${t('survey.results.mean', { mean: question.mean })}`
      }
      chart={
        <BarChart accessibilityLayer={false} data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          <Bar
            dataKey="count"
            name={t('survey.results.count')}
            fill="var(--primary)"
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <CountTable
          rows={bars.map((bar) => ({ key: String(bar.value), label: bar.label, count: bar.count }))}
          labelHeader={t('survey.results.value')}
          countHeader={t('survey.results.count')}
        />
      }
    />
  );
}
