// A small fetch wrapper for API tests: JSON in, `{ status, body }` out, optional bearer token. Every answer is
// checked against the OpenAPI document (openapi-answers.ts): one that disagrees fails the test.
import { checkAnswerAgainstDocument } from './openapi-answers.js';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T & {
    ok: boolean;
    key?: string;
    text?: string;
    errors?: Record<string, string>;
    logout?: boolean;
    code?: number;
  };
  headers: Headers;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(base: string) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    raw?: { body: BodyInit; contentType?: string },
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (raw) {
      payload = raw.body;
      if (raw.contentType) headers['content-type'] = raw.contentType;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    checkAnswerAgainstDocument(method, `${base}${path}`, res.status, parsed);
    return { status: res.status, body: parsed as ApiResponse<T>['body'], headers: res.headers };
  }
  return {
    get: <T = Record<string, unknown>>(path: string, token?: string) => call<T>('GET', path, undefined, token),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string) =>
      call<T>('POST', path, body, token),
    put: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string) =>
      call<T>('PUT', path, body, token),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string) =>
      call<T>('PATCH', path, body, token),
    delete: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string) =>
      call<T>('DELETE', path, body, token),
    raw: <T = Record<string, unknown>>(
      method: string,
      path: string,
      raw: { body: BodyInit; contentType?: string },
      token?: string,
    ) => call<T>(method, path, undefined, token, raw),
  };
}
