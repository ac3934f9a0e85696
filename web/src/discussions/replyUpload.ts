import { deserializeOne, type Document } from '../api/jsonapi';
import { sendUpload, type UploadReply } from '../courses/editor/upload';
import type { Reply } from './discussionsApi';

export const REPLIES_URL = '/api/course/thread/replies';
/** Most files one reply carries (the service's limit). */
export const MAX_REPLY_FILES = 5;

/** A reply with its files, as multipart: the fields first (the server reads them in order), then each file as `file`. */
export function replyForm(threadId: string, parentId: string | null, html: string, files: File[]): FormData {
  const form = new FormData();
  form.append('thread_id', threadId);
  if (parentId !== null) form.append('thread_reply_id', parentId);
  if (html) form.append('reply', html);
  for (const file of files) form.append('file', file, file.name);
  return form;
}

export type Posted = { ok: true; reply: Reply } | { ok: false; answer: UploadReply };

/** Posts a reply, reporting the upload's progress (percent, or null while unknown). */
export async function postReply(
  form: FormData,
  options: { token: string | undefined; onProgress?: (percent: number | null) => void },
): Promise<Posted> {
  const answer = await sendUpload(form, { ...options, url: REPLIES_URL });
  if (answer.status < 200 || answer.status >= 300) return { ok: false, answer };
  return { ok: true, reply: deserializeOne<Reply>(answer.body as Document) };
}
