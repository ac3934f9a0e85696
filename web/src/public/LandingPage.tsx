import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '../auth/guard';
import { NewsStrip } from '../messaging/news/NewsStrip';
import { useSiteInfoQuery } from '../site/siteApi';
import { CatalogueList, ExploreStrip } from './Catalogue';
import { PublicFrame } from './PublicFrame';
import styles from './LandingPage.module.css';

/**
 * The public landing page of the campus: who it is, sign-in, its latest news, the newest free
 * courses, the public course catalogue and help contacts.
 */
export default function LandingPage() {
  const { t } = useTranslation();
  const site = useSiteInfoQuery(window.location.hostname);
  const name = site.data?.name || t('app.name');
  return (
    <PublicFrame wide title={t('routes.landing')}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <h1 id="landing-title">{name}</h1>
        <p className="lead">{site.data?.description || t('landing.tagline')}</p>
        <p className="empty-actions">
          <Link className="button button-primary" to={LOGIN_PATH}>
            {t('login.signIn')}
          </Link>
          {site.data?.registration && (
            <Link className="button" to="/pages/register">
              {t('routes.register')}
            </Link>
          )}
        </p>
      </section>
      <NewsStrip base="/pages/news" />
      <ExploreStrip />
      <CatalogueList />
      {site.data?.whatsapp.length ? (
        <section aria-labelledby="contact-title">
          <h2 id="contact-title" className="section-title">
            {t('landing.contact')}
          </h2>
          <ul className="plain-list">
            {site.data.whatsapp.map((contact) => (
              <li key={contact.number}>
                <a href={`https://wa.me/${contact.number.replace(/\D/g, '')}`}>
                  {contact.label} · {contact.number}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PublicFrame>
  );
}
