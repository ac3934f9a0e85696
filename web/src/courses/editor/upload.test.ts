import { describe, expect, it } from 'vitest';
import { percentOf, sendUpload, uploadForm, UPLOAD_URL } from './upload';

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}
const xhr = () => new FakeXhr() as unknown as XMLHttpRequest;

describe('uploads', () => {
  it('puts the target fields before the file', () => {
    const form = uploadForm(
      { contentable_type: 'activities', contentable_id: 4, name: ' Slides ' },
      new Blob(['x']),
      'a.pdf',
    );
    expect([...form.keys()]).toEqual(['contentable_type', 'contentable_id', 'name', 'file']);
    expect(form.get('name')).toBe('Slides');
    expect((form.get('file') as File).name).toBe('a.pdf');
    expect([
      ...uploadForm({ contentable_type: 'modules', contentable_id: '1' }, new Blob([]), 'b').keys(),
    ]).toEqual(['contentable_type', 'contentable_id', 'file']);
  });

  it('computes progress', () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(10, 0)).toBeNull();
    expect(percentOf(300, 200)).toBe(100);
  });

  it('sends with the bearer token, reports progress and answers status and body', async () => {
    const seen: Array<number | null> = [];
    const reply = sendUpload(new FormData(), { token: 'abc', onProgress: (p) => seen.push(p), xhr });
    const request = FakeXhr.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(UPLOAD_URL);
    expect(request.headers.Authorization).toBe('Bearer abc');
    request.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
    request.upload.onprogress?.({ loaded: 5, total: 0, lengthComputable: false } as ProgressEvent);
    request.status = 201;
    request.responseText = '{"data":{"type":"contents","id":"9"}}';
    request.onload?.();
    await expect(reply).resolves.toEqual({ status: 201, body: { data: { type: 'contents', id: '9' } } });
    expect(seen).toEqual([50, null]);
  });

  it('rejects on a network failure and on cancel', async () => {
    const failed = sendUpload(new FormData(), { token: undefined, xhr });
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toThrow('could not reach');
    const controller = new AbortController();
    const cancelled = sendUpload(new FormData(), { token: 't', xhr, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
