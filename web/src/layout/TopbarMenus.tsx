import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { switchAccount } from '../accounts/switchAccount';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import type { UserInfo } from '../auth/authApi';
import { ADD_ACCOUNT_QUERY, LOGIN_PATH } from '../auth/guard';
import { signOut } from '../auth/signIn';
import { applyLanguage } from '../i18n/i18n';
import { cx } from '../lib/classNames';
import {
  LANGUAGES,
  MAX_STARRED,
  isStarred,
  languageChanged,
  selectLanguage,
  starRemoved,
  starToggled,
  themeChanged,
  THEMES,
  type Language,
} from '../preferences/preferencesSlice';
import { Dropdown } from './Dropdown';
import { Icon } from './Icon';
import styles from './TopbarMenus.module.css';

/**
 * Chooses the interface language (null: automatic, the campus's or the browser's): loads its texts
 * first so the interface switches at once, then remembers the choice — on the account when signed in.
 */
export function useChangeLanguage() {
  const dispatch = useAppDispatch();
  return async (language: Language | null) => {
    if (language) await applyLanguage(language);
    dispatch(languageChanged(language));
  };
}

export function initials(name: string | undefined): string {
  const parts = (name ?? '')
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** Stars or unstars the page being shown (up to ten starred pages). */
export function StarButton({ path, routeId, label }: { path: string; routeId: string; label?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const starred = useAppSelector((state) => state.preferences.starred);
  const on = isStarred(starred, path);
  const full = !on && starred.length >= MAX_STARRED;
  const name = on ? t('starred.unstar') : full ? t('starred.full', { max: MAX_STARRED }) : t('starred.star');
  return (
    <button
      type="button"
      className={cx('icon-button', on && styles.starOn)}
      aria-pressed={on}
      aria-label={name}
      title={name}
      disabled={full}
      onClick={() => dispatch(starToggled({ path, routeId, ...(label ? { label } : {}) }))}
    >
      <Icon name="star" />
    </button>
  );
}

export function StarredMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const starred = useAppSelector((state) => state.preferences.starred);
  return (
    <Dropdown
      label={t('starred.title')}

      button={
        <>
          <Icon name="bookmark" />
          {starred.length > 0 && (
            <span className={styles.count} aria-hidden="true">
              {starred.length}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <>
          <p className={styles.title}>
            {t('starred.title')} ({starred.length}/{MAX_STARRED})
          </p>
          {starred.length === 0 ? (
            <p className={styles.empty}>{t('starred.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {starred.map((page) => {
                const title = t(`routes.${page.routeId}`, { defaultValue: page.path });
                const text = page.label ? `${page.label} · ${title}` : title;
                return (
                  <li key={page.path} className={styles.row}>
                    <Link to={page.path} onClick={close}>
                      {text}
                    </Link>
                    <button
                      type="button"
                      className="icon-button small"
                      aria-label={t('starred.remove', { page: text })}
                      title={t('starred.remove', { page: text })}
                      onClick={() => dispatch(starRemoved(page.path))}
                    >
                      <Icon name="close" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Dropdown>
  );
}

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useAppSelector(selectLanguage);
  const change = useChangeLanguage();
  return (
    <Dropdown
      label={null}

      button={
        <>
          <Icon name="globe" />
          <span className="sr-only">{t('preferences.language')}</span>
          <span className="button-text">{current.toUpperCase()}</span>
        </>
      }
    >
      {(close) => (
        <>
          <p className={styles.title}>{t('preferences.language')}</p>
          <ul className={styles.list}>
            {LANGUAGES.map((language) => (
              <li key={language}>
                <button
                  type="button"
                  className={styles.item}
                  lang={language}
                  aria-pressed={language === current}
                  onClick={() => {
                    close();
                    void change(language);
                  }}
                >
                  {t(`languages.${language}`)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dropdown>
  );
}

export function ThemeMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.preferences.theme);
  return (
    <Dropdown label={t('preferences.theme')} button={<Icon name={current === 'light' ? 'sun' : 'moon'} />}>
      {(close) => (
        <>
          <p className={styles.title}>{t('preferences.theme')}</p>
          <ul className={styles.list}>
            {THEMES.map((theme) => (
              <li key={theme}>
                <button
                  type="button"
                  className={styles.item}
                  aria-pressed={theme === current}
                  onClick={() => {
                    close();
                    dispatch(themeChanged(theme));
                  }}
                >
                  {t(`themes.${theme}`)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dropdown>
  );
}

/** The signed-in user, the other accounts held on this browser (switch, add) and signing out. */
export function UserMenu({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { list, activeId } = useAppSelector((state) => state.accounts);
  const others = list.filter((account) => account.id !== activeId);

  const logOut = async () => {
    const tookOver = await dispatch(signOut(undefined)).unwrap();
    navigate(tookOver ? '/' : LOGIN_PATH, { replace: true });
  };
  const switchTo = async (id: string) => {
    if (await dispatch(switchAccount(id)).unwrap()) navigate('/', { replace: true });
  };

  return (
    <Dropdown
      label={null}
      buttonClassName={styles.userButton}
      panelClassName={styles.widePanel}
      button={
        <>
          <span
            className="avatar"
            aria-hidden="true"
            data-initials={user?.avatar ? undefined : initials(user?.fullname)}
          >
            {user?.avatar ? <img src={user.avatar} alt="" /> : null}
          </span>
          <span className="sr-only">{t('account.menuOf')} </span>
          <span className={styles.userName}>{user?.fullname}</span>
        </>
      }
    >
      {(close) => (
        <>
          <div className={styles.user}>
            <strong>{user?.fullname}</strong>
            <span className="muted small">
              {user?.username} · {user ? t(`roles.${user.role}`) : ''}
            </span>
          </div>
          <ul className={styles.list}>
            <li>
              <Link className={styles.item} to="/settings/profile" onClick={close}>
                <Icon name="user" /> {t('routes.profile')}
              </Link>
            </li>
            <li>
              <Link className={styles.item} to="/settings/account" onClick={close}>
                <Icon name="settings" /> {t('routes.account')}
              </Link>
            </li>
          </ul>
          <p className={styles.title}>{t('account.otherAccounts')}</p>
          <ul className={styles.list}>
            {others.map((account) => (
              <li key={account.id}>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => {
                    close();
                    void switchTo(account.id);
                  }}
                >
                  <Icon name="swap" /> {t('account.switchTo', { name: account.fullname })}
                </button>
              </li>
            ))}
            <li>
              <Link className={styles.item} to={`${LOGIN_PATH}?${ADD_ACCOUNT_QUERY}`} onClick={close}>
                <Icon name="plus" /> {t('account.add')}
              </Link>
            </li>
          </ul>
          <div className={styles.footerRow}>
            <button
              type="button"
              className="button"
              onClick={() => {
                close();
                void logOut();
              }}
            >
              <Icon name="logout" /> {t('account.logOut')}
            </button>
          </div>
        </>
      )}
    </Dropdown>
  );
}
