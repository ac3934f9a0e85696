import { useTranslation } from 'react-i18next';
import { ExportButton as WorkbookExport } from '../layout/ExportButton';
import { useExportGradebookMutation } from './gradebookApi';

/** The gradebook as a workbook (.xlsx, a sheet per class, the final score and band as formulas). */
export function ExportButton({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const [produce] = useExportGradebookMutation();
  return (
    <WorkbookExport
      produce={() => produce(courseId).unwrap()}
      texts={{
        button: t('gradebook.export.button'),
        working: t('gradebook.export.working'),
        progress: t('gradebook.export.progress'),
        again: (name) => t('gradebook.export.again', { name }),
        failed: t('gradebook.export.failed'),
      }}
    />
  );
}
