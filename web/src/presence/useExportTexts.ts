import { useTranslation } from 'react-i18next';
import type { ExportTexts } from '../layout/ExportButton';

/** What the presence exports say, the button's label (an i18n key) their own. */
export function useExportTexts(buttonKey: string): ExportTexts {
  const { t } = useTranslation();
  return {
    button: t(buttonKey),
    working: t('presence.export.working'),
    progress: t('presence.export.progress'),
    again: (name) => t('presence.export.again', { name }),
    failed: t('presence.export.failed'),
  };
}
