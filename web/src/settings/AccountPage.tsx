import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { forgetAccount, switchAccount } from '../accounts/switchAccount';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { ADD_ACCOUNT_QUERY, LOGIN_PATH } from '../auth/guard';
import { PushOptIn } from '../messaging/alerts/PushOptIn';
import { LanguageField } from '../preferences/LanguageField';
import { MAX_STARRED, starRemoved, themeChanged, THEMES } from '../preferences/preferencesSlice';
import styles from './AccountPage.module.css';

/**
 * Account settings: appearance and language (kept on the account), starred pages and the accounts
 * held on this browser.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { theme, starred } = useAppSelector((state) => state.preferences);
  const { list, activeId } = useAppSelector((state) => state.accounts);

  return (
    <section aria-labelledby="account-title">
      <header className="page-header">
        <h1 id="account-title">{t('routes.account')}</h1>
      </header>

      <div className={`card card-body ${styles.card}`}>
        <p className="muted small">{t('preferences.help')}</p>
        <fieldset>
          <legend>{t('preferences.theme')}</legend>
          <div className={styles.choices}>
            {THEMES.map((option) => (
              <label key={option} className={styles.choice}>
                <input
                  type="radio"
                  name="theme"
                  value={option}
                  checked={theme === option}
                  onChange={() => dispatch(themeChanged(option))}
                />
                {t(`themes.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <LanguageField />
      </div>

      <PushOptIn className={`card card-body ${styles.card}`} />

      <div className={`card card-body ${styles.card}`}>
        <h2 className="section-title">
          {t('starred.title')} ({starred.length}/{MAX_STARRED})
        </h2>
        {starred.length === 0 ? (
          <p className="muted">{t('starred.empty')}</p>
        ) : (
          <ul className="plain-list">
            {starred.map((page) => {
              const text = [page.label, t(`routes.${page.routeId}`, { defaultValue: page.path })]
                .filter(Boolean)
                .join(' · ');
              return (
                <li key={page.path} className="list-row">
                  <Link to={page.path}>{text}</Link>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => dispatch(starRemoved(page.path))}
                  >
                    {t('starred.removeShort')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <div className={`card card-body ${styles.card}`}>
        <h2 className="section-title">{t('account.accounts')}</h2>
        <ul className="plain-list">
          {list.map((account) => (
            <li key={account.id} className="list-row">
              <span>
                <strong>{account.fullname}</strong>{' '}
                <span className="muted small">
                  {account.username} · {t(`roles.${account.role}`)}
                </span>
              </span>
              {account.id === activeId ? (
                <span className="badge">{t('account.current')}</span>
              ) : (
                <span className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    onClick={() =>
                      void dispatch(switchAccount(account.id))
                        .unwrap()
                        .then((ok) => ok && navigate('/'))
                    }
                  >
                    {t('account.switch')}
                  </button>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => void dispatch(forgetAccount(account.id))}
                  >
                    {t('account.forget')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
        <p>
          <Link className="button" to={`${LOGIN_PATH}?${ADD_ACCOUNT_QUERY}`}>
            {t('account.add')}
          </Link>
        </p>
      </div>
    </section>
  );
}
