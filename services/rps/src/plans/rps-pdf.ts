import PDFDocument from 'pdfkit';
import type { SemesterPlan } from './semester-plan.entity';

/** DejaVu Sans (Unicode: Indonesian, accents, symbols), shipped by the dejavu-fonts-ttf package. */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/** The section titles of the printed plan (Indonesian, as the document is filed with the quality office). */
const TITLES = {
  document: 'RENCANA PEMBELAJARAN SEMESTER',
  general: '1. Informasi umum mata kuliah',
  topics: '2. Bahan kajian',
  cpl: '3. Capaian pembelajaran lulusan (CPL)',
  cpmk: '4. Capaian pembelajaran mata kuliah (CPMK)',
  references: '5. Rujukan',
  evaluations: '6. Evaluasi',
  weeks: '7–11. Rencana mingguan',
};

/**
 * The plan as a printable A4 PDF: the course, then each stage's data in order, the weekly plan one
 * block per week (topic, indicators, methods, time, LCE, AI use). Built in memory: a plan is a few pages.
 */
export function rpsPdf(plan: SemesterPlan): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `RPS ${plan.code} ${plan.courseName}`, Creator: 'LMS' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  doc.font('bold').fontSize(15).text(TITLES.document, { align: 'center' });
  doc.fontSize(12).text(`${plan.code} · ${plan.courseName}`, { align: 'center' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`Kurikulum ${plan.curriculum}${plan.periodName ? ` · ${plan.periodName}` : ''} · ${plan.status}`, {
      align: 'center',
    });

  const heading = (title: string) =>
    doc.moveDown().font('bold').fontSize(12).text(title).font('regular').fontSize(10);
  const line = (label: string, value: string | null) => {
    doc
      .font('bold')
      .text(`${label}: `, { continued: true })
      .font('regular')
      .text(value?.trim() || '—');
  };

  heading(TITLES.general);
  line('Deskripsi', plan.descriptionMk);
  line('Catatan', plan.notes);
  line('Kebijakan AI', plan.kebijakanAi);
  heading(TITLES.topics);
  plan.topics.forEach((topic, index) => line(`${index + 1}. ${topic.name}`, topic.description));
  heading(TITLES.cpl);
  plan.cpl.forEach((cpl) => line(cpl.code, cpl.description));
  heading(TITLES.cpmk);
  for (const cpmk of plan.cpmk) {
    line(`${cpmk.code} (${cpmk.cpl.join(', ') || '—'})`, cpmk.description);
    for (const sub of cpmk.sub_cpmk) doc.text(`    ${sub.code}: ${sub.description}`);
  }
  heading(TITLES.references);
  plan.references.forEach((reference) =>
    line(reference.type === 'main' ? 'Utama' : 'Pendukung', reference.citation),
  );
  heading(TITLES.evaluations);
  plan.evaluations.forEach((evaluation) =>
    line(`${evaluation.name} (${evaluation.cpmk.join(', ')})`, `${evaluation.weight}%`),
  );
  heading(TITLES.weeks);
  for (const week of plan.weeks) {
    doc.moveDown(0.5);
    line(
      `Minggu ${week.week}${week.sub_cpmk ? ` · ${week.sub_cpmk}` : ''}`,
      `${week.topic} (${week.weight}%)`,
    );
    line('Indikator', week.indicators);
    line('Kriteria', week.criteria);
    line('Metode luring', week.method_offline);
    line('Metode daring', week.method_online);
    line(
      'Waktu (menit)',
      `tatap muka ${week.face_to_face_minutes}, terstruktur ${week.structured_minutes}, mandiri ${week.independent_minutes}`,
    );
    line('Pengalaman belajar (LCE)', week.learning_experience);
    line('Penggunaan AI', week.ai_use);
  }
  doc.end();
  return done;
}
