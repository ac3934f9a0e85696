import { api, QUIET } from '../api/baseApi';
import { deserializePage, toSearchParams, type Document } from '../api/jsonapi';
import type { ResourceOf } from '../api/types';

/** A campus as the API answers (`GET /public/lptk`). */
type Campus = ResourceOf<'/api/public/lptk'>;

/** Site information of the campus this host belongs to (spec 01 §1). */
export interface SiteInfo {
  id: string;
  name: string;
  description: string | null;
  favicon: string | null;
  landingPageUrl: string | null;
  whatsapp: Campus['whatsapp'];
  tawkSrc: string | null;
  /** The interface language of whoever has not chosen one; null: the browser's. */
  defaultLanguage: Campus['default_language'];
  /** The campus signs in through its identity provider: its button's label; null: passwords only. */
  sso: { buttonLabel: string } | null;
  /** Visitors may create an account, with an address at one of `emailDomains` when it lists any; null: they may not. */
  registration: { emailDomains: string[] } | null;
}

function toSiteInfo(site: Campus): SiteInfo {
  return {
    id: site.id,
    name: site.name,
    description: site.description,
    favicon: site.favicon,
    landingPageUrl: site.landing_page_url,
    whatsapp: site.whatsapp,
    tawkSrc: site.tawk_src,
    defaultLanguage: site.default_language ?? null,
    sso: site.sso ? { buttonLabel: site.sso.button_label } : null,
    registration: site.registration ? { emailDomains: site.registration.email_domains } : null,
  };
}

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteInfo: build.query<SiteInfo | null, string>({
      extraOptions: QUIET,
      query: (host) => `public/lptk?${toSearchParams({ filter: { domain: { like: host } }, limit: 1 })}`,
      transformResponse: (document: Document) => {
        const [site] = deserializePage<Campus>(document).items;
        return site ? toSiteInfo(site) : null;
      },
    }),
  }),
});

export const { useSiteInfoQuery } = siteApi;
