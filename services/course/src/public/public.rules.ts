import { readAttributes } from '@lms/jsonapi';

/** `POST /public/view/course/:id`: what the client tells of one visit (unknown fields dropped). */
export const courseViewRules = {
  campus: { type: 'string', nullable: true, max: 255 },
  roles: { type: 'string', nullable: true, max: 255 },
  code: { type: 'string', nullable: true, max: 255 },
  name: { type: 'string', nullable: true, max: 255 },
  province: { type: 'string', nullable: true, max: 255 },
  is_verify: { type: 'boolean', nullable: true },
} as const;

/** The attributes of a visit, with `roles` sent as a list joined by commas. */
export function courseViewAttributes(body: unknown): Record<string, unknown> {
  const attributes = { ...readAttributes(body) };
  if (Array.isArray(attributes.roles)) attributes.roles = attributes.roles.map(String).join(',');
  return attributes;
}
