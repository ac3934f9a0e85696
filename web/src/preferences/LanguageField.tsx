import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { useChangeLanguage } from '../layout/TopbarMenus';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from './preferencesSlice';

/**
 * The interface language the user chose ("automatic": the campus's, else the browser's), kept on
 * the account when signed in: the account and profile settings both show it.
 */
export function LanguageField() {
  const { t } = useTranslation();
  const { language, campusLanguage, browserLanguage } = useAppSelector((state) => state.preferences);
  const automatic = campusLanguage ?? browserLanguage ?? DEFAULT_LANGUAGE;
  const changeLanguage = useChangeLanguage();
  return (
    <div className="field">
      <label htmlFor="language">{t('preferences.language')}</label>
      <select
        id="language"
        value={language ?? ''}
        onChange={(event) => void changeLanguage(isLanguage(event.target.value) ? event.target.value : null)}
      >
        <option value="">{t('preferences.automatic', { language: t(`languages.${automatic}`) })}</option>
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`languages.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
