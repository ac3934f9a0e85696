import { defineResource, z } from '@lms/jsonapi';
import type { PresenceExportLink } from './presence-exports.service';

/** A stored attendance export and a link that downloads it for the next few minutes. */
export const presenceExportResource = defineResource({
  name: 'PresenceExport',
  type: 'presence-exports',
  id: (link: PresenceExportLink) => link.id,
  schema: { url: z.string(), filename: z.string(), expires_at: z.date() },
  attributes: (link: PresenceExportLink) => ({
    url: link.url,
    filename: link.filename,
    expires_at: link.expiresAt,
  }),
});
