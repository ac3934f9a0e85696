import { attributes, field } from '@lms/jsonapi';
import { COMMENTABLE_TYPES } from './comment.entity';

/** Most files one comment holds. */
export const MAX_COMMENT_FILES = 5;

/**
 * `POST /course/comments`: a comment on an answer (`commentable_type` task_answer), as JSON or as
 * multipart fields with its files in `file` parts. Plain text; it may be empty when files come.
 */
export const commentRules = attributes({
  commentable_type: field.enum(COMMENTABLE_TYPES),
  commentable_id: field.id(),
  comment: field.string({ max: 10_000 }).optional(),
});
