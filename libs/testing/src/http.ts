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
 * token and Host header (campuses are told apart by host).
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
    if (body !== undefined && typeof body !== 'string') headers['content-type'] = 'application/json';
    const response = await request(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
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
