import { attributes, type AttributesOf, field } from '@lms/jsonapi';

/** Longest article, in characters of the HTML sent. */
export const MAX_NEWS_LENGTH = 200_000;

const tags = field.array(field.string({ min: 1, max: 50 }), { max: 20 });

/** `POST /course/news`: a draft, or published at once (`is_published`). */
export const newsCreateRules = attributes({
  title: field.string({ min: 1, max: 255 }),
  contents: field.string({ max: MAX_NEWS_LENGTH }),
  tags: tags.optional(),
  thumbnail: field.string({ max: 500 }).nullable().optional(),
  is_published: field.boolean().optional(),
});

/** `PATCH /course/news/{id}`: what is sent changes; publishing stamps `published_at` once. */
export const newsUpdateRules = attributes({
  title: field.string({ min: 1, max: 255 }).optional(),
  contents: field.string({ max: MAX_NEWS_LENGTH }).optional(),
  tags: tags.optional(),
  thumbnail: field.string({ max: 500 }).nullable().optional(),
  is_published: field.boolean().optional(),
});
export type NewsUpdate = AttributesOf<typeof newsUpdateRules>;
