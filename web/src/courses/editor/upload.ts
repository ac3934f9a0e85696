/**
 * File uploads (`POST /api/course/contents/upload`, multipart): the target fields first, then the
 * file in a part named `file`. XMLHttpRequest rather than fetch, for its upload progress events.
 * Everything about the endpoint lives here and in FileUpload.tsx.
 */

export const UPLOAD_URL = '/api/course/contents/upload';

export interface UploadTarget {
  contentable_type: 'courses' | 'modules' | 'activities';
  contentable_id: string | number;
  name?: string;
}

export interface UploadReply {
  status: number;
  body: unknown;
}

/** The multipart body: fields before the file, as the server reads them in order. */
export function uploadForm(target: UploadTarget, file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('contentable_type', target.contentable_type);
  form.append('contentable_id', String(target.contentable_id));
  if (target.name?.trim()) form.append('name', target.name.trim());
  form.append('file', file, fileName);
  return form;
}

/** Percent done (0–100, whole), or null while the total is unknown. */
export function percentOf(loaded: number, total: number | null | undefined): number | null {
  if (!total || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

type XhrFactory = () => XMLHttpRequest;

/** Sends the form with the bearer token; resolves with the status and parsed body of any answer. */
export function sendUpload(
  form: FormData,
  options: {
    token: string | undefined;
    onProgress?: (percent: number | null) => void;
    signal?: AbortSignal;
    url?: string;
    xhr?: XhrFactory;
  },
): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const request = (options.xhr ?? (() => new XMLHttpRequest()))();
    request.open('POST', options.url ?? UPLOAD_URL);
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    request.setRequestHeader('Accept', 'application/vnd.api+json, application/json');
    request.upload.onprogress = (event) =>
      options.onProgress?.(percentOf(event.loaded, event.lengthComputable ? event.total : null));
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        // not JSON: keep the text
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error('The upload could not reach the server'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
