import { api, QUIET } from '../api/baseApi';
import { deserializePage, toSearchParams, type Document, type Flat } from '../api/jsonapi';

/** Site information of the campus this host belongs to (spec 01 §1). */
export interface SiteInfo {
  id: string;
  name: string;
  description: string | null;
  favicon: string | null;
  landingPageUrl: string | null;
  whatsapp: Array<{ label: string; number: string }>;
  tawkSrc: string | null;
}

function toSiteInfo(site: Flat): SiteInfo {
  return {
    id: site.id,
    name: String(site.name ?? ''),
    description: (site.description as string | null) ?? null,
    favicon: (site.favicon as string | null) ?? null,
    landingPageUrl: (site.landing_page_url as string | null) ?? null,
    whatsapp: (site.whatsapp as SiteInfo['whatsapp'] | null) ?? [],
    tawkSrc: (site.tawk_src as string | null) ?? null,
  };
}

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteInfo: build.query<SiteInfo | null, string>({
      extraOptions: QUIET,
      query: (host) => `public/lptk?${toSearchParams({ filter: { domain: { like: host } }, limit: 1 })}`,
      transformResponse: (document: Document) => {
        const [site] = deserializePage(document).items;
        return site ? toSiteInfo(site) : null;
      },
    }),
  }),
});

export const { useSiteInfoQuery } = siteApi;
