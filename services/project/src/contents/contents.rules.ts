import { attributes, type AttributesOf, field } from '@lms/jsonapi';
import { CONTENT_TYPES } from './content.entity';

/** Longest text content, in characters of the HTML sent. */
export const MAX_TEXT_LENGTH = 200_000;
/** Most columns of a board, and cards in one board. */
export const MAX_COLUMNS = 20;
export const MAX_CARDS = 500;
/** Most members assigned to one card. */
export const MAX_ASSIGNEES = 10;

const name = field.string({ min: 1, max: 200 });
const columnName = field.string({ min: 1, max: 100 });

/**
 * `POST /project/contents`: a text (`text`, rich text, sanitized) or a board (`columns`: the
 * names of its first columns, left to right).
 */
export const contentCreateRules = attributes({
  project_module_id: field.id(),
  /** The module's project, when sent, must be the module's. */
  project_id: field.id().optional(),
  name,
  type: field.enum(CONTENT_TYPES),
  text: field.string({ max: MAX_TEXT_LENGTH }).optional(),
  columns: field.array(columnName, { max: MAX_COLUMNS }).optional(),
});
export type ContentCreate = AttributesOf<typeof contentCreateRules>;

/** `PATCH /project/contents/{id}`: its name, and a text's text. */
export const contentUpdateRules = attributes({
  name: name.optional(),
  text: field.string({ max: MAX_TEXT_LENGTH }).optional(),
});
export type ContentUpdate = AttributesOf<typeof contentUpdateRules>;

/** `POST /project/contents/{id}/comment`. */
export const commentRules = attributes({ comment: field.string({ min: 1, max: 5000 }) });

/** `POST /project/contents/{id}/columns`: a column at the right end. */
export const columnCreateRules = attributes({ name: columnName });

/**
 * A card's assignees (members of the project, each once, at most {@link MAX_ASSIGNEES}: the whole
 * list, replacing the one it had), its due date (wall-clock time in the campus's zone; null:
 * none) and whether it is done (a done card is never overdue nor reminded).
 */
const cardPlanning = {
  assignee_ids: field.idList({ max: MAX_ASSIGNEES }).optional(),
  due_at: field.date().nullable().optional(),
  is_completed: field.boolean().optional(),
};

/** `POST /project/contents/{id}/cards`: a card at the bottom of a column. */
export const cardCreateRules = attributes({
  column_id: field.id(),
  title: field.string({ min: 1, max: 200 }),
  description: field.string({ max: 5000 }).optional(),
  ...cardPlanning,
});
export type CardCreate = AttributesOf<typeof cardCreateRules>;

/** `PATCH /project/contents/{id}/cards/{cardId}`. */
export const cardUpdateRules = attributes({
  title: field.string({ min: 1, max: 200 }).optional(),
  description: field.string({ max: 5000 }).optional(),
  ...cardPlanning,
});
export type CardUpdate = AttributesOf<typeof cardUpdateRules>;

/**
 * `POST /project/contents/{id}/cards/{cardId}/move` (and the socket's `move`): the card goes to
 * `column_id` at `position` (0 is the top; past the end is the bottom).
 */
export const cardMoveRules = attributes({
  column_id: field.id(),
  position: field.integer({ min: 0, max: MAX_CARDS }),
});
export type CardMove = AttributesOf<typeof cardMoveRules>;

/** The socket's `watch` and `unwatch`: a board to follow. */
export const watchRules = attributes({ content_id: field.id() });
