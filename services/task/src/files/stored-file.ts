/**
 * A file attached to a task, an answer or a comment, as the database keeps it: the object's key
 * in the task service's bucket (libs/storage) and what the uploader's browser is told of it. The
 * type is the one found in the content, not the one the browser claimed.
 */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  mime: string;
}
