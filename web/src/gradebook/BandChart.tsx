import { useTranslation } from 'react-i18next';
import { ScoreHistogram, type ScoreBin } from '../lib/charts/Charts';
import type { Gradebook } from './gradebookTypes';
import styles from './gradebook.module.css';

/**
 * How many of the students shown fall in each index band, lowest band first (and those whose final
 * score falls in none, while the bands leave scores uncovered).
 */
export function bandBins(gradebook: Gradebook, noBand: string): ScoreBin[] {
  const counts = new Map<string | null, number>();
  for (const row of gradebook.rows) counts.set(row.index, (counts.get(row.index) ?? 0) + 1);
  const bins: ScoreBin[] = [...gradebook.meta.bands]
    .sort((a, b) => a.min - b.min)
    .map((band) => ({ label: band.index, from: band.min, count: counts.get(band.index) ?? 0 }));
  const outside = counts.get(null) ?? 0;
  return outside ? [{ label: noBand, from: -1, count: outside }, ...bins] : bins;
}

/** The final scores' distribution over the index bands. */
export function BandChart({ gradebook }: { gradebook: Gradebook }) {
  const { t } = useTranslation();
  return (
    <section className={styles.chartPanel} aria-label={t('gradebook.chart.section')}>
      {gradebook.meta.bands.length === 0 ? (
        <p className="muted">{t('gradebook.chart.noBands')}</p>
      ) : (
        <ScoreHistogram
          bins={bandBins(gradebook, t('gradebook.chart.noBand'))}
          passingGrade={0}
          title={t('gradebook.chart.title')}
          countLabel={t('gradebook.chart.students')}
          rangeLabel={t('gradebook.chart.band')}
        />
      )}
    </section>
  );
}
