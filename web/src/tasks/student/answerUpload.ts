import { deserializeOne, type Document } from '../../api/jsonapi';
import { sendUpload, type UploadReply } from '../../courses/editor/upload';
import type { TaskAnswer, TaskComment } from '../taskTypes';

/** Where answers are saved with their files (multipart; the same call as a draft save). */
export const SET_ANSWER_URL = '/api/course/tasks/setAnswer';
export const COMMENTS_URL = '/api/course/comments';

/**
 * The multipart body of a draft save with a new file: the fields first (the server reads them in
 * order), then the file as `file`. Without a `files` field the answer keeps the files it has (a
 * list sent from this page could drop one another member of the group added meanwhile).
 */
export function answerForm(taskId: string, answer: string, file: File): FormData {
  const form = new FormData();
  form.append('task_id', taskId);
  form.append('answer', answer);
  form.append('is_sent', '0');
  form.append('file', file, file.name);
  return form;
}

/** A comment on an answer with its files (`file` parts). */
export function commentForm(answerId: string, comment: string, files: File[]): FormData {
  const form = new FormData();
  form.append('commentable_type', 'task_answer');
  form.append('commentable_id', answerId);
  form.append('comment', comment);
  for (const file of files) form.append('file', file, file.name);
  return form;
}

export type Uploaded<T> = { ok: true; value: T } | { ok: false; reply: UploadReply };

async function post<T extends { id: string }>(
  url: string,
  form: FormData,
  options: { token: string | undefined; onProgress?: (percent: number | null) => void; signal?: AbortSignal },
): Promise<Uploaded<T>> {
  const reply = await sendUpload(form, { ...options, url });
  if (reply.status < 200 || reply.status >= 300) return { ok: false, reply };
  return { ok: true, value: deserializeOne<T>(reply.body as Document) };
}

export const uploadAnswerFile = (form: FormData, options: Parameters<typeof post>[2]) =>
  post<TaskAnswer>(SET_ANSWER_URL, form, options);

export const postComment = (form: FormData, options: Parameters<typeof post>[2]) =>
  post<TaskComment>(COMMENTS_URL, form, options);
