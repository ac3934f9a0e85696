import { request } from 'undici';

export interface ApiResponse<T = JsonDocument> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

export interface JsonDocument {
  data?: JsonResource | JsonResource[] | null;
  included?: JsonResource[];
  meta?: Record<string, unknown>;
  errors?: Array<{
    status: string;
    title: string;
    detail: string;
    code?: string;
    source?: { pointer?: string; parameter?: string };
    meta?: Record<string, unknown>;
  }>;
}

export interface JsonResource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data: { id: string; type: string } | Array<{ id: string; type: string }> | null }
  >;
}

/**
 * A small HTTP client for tests: real requests over the network stack, with an optional bearer
 * token and Host header (campuses are told apart by host). A body is sent as JSON, or as it is
 * when it is a string or a `FormData` (a multipart upload).
 */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly options: { token?: string; host?: string } = {},
  ) {}

  as(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, { ...this.options, token });
  }

  at(host: string): ApiClient {
    return new ApiClient(this.baseUrl, { ...this.options, host });
  }

  get<T = JsonDocument>(path: string, headers: Record<string, string> = {}) {
    return this.send<T>('GET', path, undefined, headers);
  }

  post<T = JsonDocument>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send<T>('POST', path, body, headers);
  }

  patch<T = JsonDocument>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send<T>('PATCH', path, body, headers);
  }

  async send<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      accept: 'application/vnd.api+json, application/json',
      ...extra,
    };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    if (this.options.host) headers.host = this.options.host;
    let sent: string | Buffer | undefined;
    if (body instanceof FormData) {
      // multipart/form-data, encoded (with its boundary) as fetch would send it
      const encoded = new Response(body);
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
      sent = Buffer.from(await encoded.arrayBuffer());
    } else if (body === undefined || typeof body === 'string') sent = body;
    else {
      headers['content-type'] = 'application/json';
      sent = JSON.stringify(body);
    }
    const response = await request(this.baseUrl + path, { method, headers, body: sent });
    const text = await response.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (the web client's HTML): keep the text
    }
    return { status: response.statusCode, headers: response.headers, body: parsed as T };
  }
}

/** The body of a write: `{data: {attributes}}`. */
export const attributesDoc = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/** The pointers of a refusal's errors, in their order (`/data/attributes/code`). */
export const errorPointers = (body: Pick<JsonDocument, 'errors'>) =>
  body.errors?.map((error) => error.source?.pointer);
