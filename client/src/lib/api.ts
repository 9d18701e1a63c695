// The one API module (client/README.md): JSON to /api/v1 with the session token; answers are used even on error statuses.
import type { ApiError } from '#shared/api-types';
import { API_BASE } from '../config';
import { endSessionNow, store, tokenAtom, twoFactorRequiredAtom } from './session';

/** What every call resolves to: the success shape with ok:true, or the API's error shape. */
export type ApiAnswer<T> = ({ ok: true } & T) | ApiError;

/**
 * An API error answer thrown by a query function (lib/query.ts), so the query layer sees a failure; it keeps the
 * answer's `key`, `text` and field `errors`, which `errorMessage` and `showError` translate like the answer itself.
 */
export class ApiFailure extends Error {
  readonly key: string;
  readonly text: string;
  readonly errors?: Record<string, string>;
  constructor(readonly answer: ApiError) {
    super(answer.text);
    this.name = 'ApiFailure';
    this.key = answer.key;
    this.text = answer.text;
    this.errors = answer.errors;
  }
}

/** The success part of an answer, or an ApiFailure thrown: for query functions (`queryFn`). */
export async function okOrThrow<T>(answer: Promise<ApiAnswer<T>>): Promise<{ ok: true } & T> {
  const settled = await answer;
  if (!settled.ok) throw new ApiFailure(settled);
  return settled;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const NETWORK_ERROR: ApiError = { ok: false, key: 'errors.network', text: 'Network error' };
const BAD_ANSWER: ApiError = { ok: false, key: 'errors.badAnswer', text: 'Unexpected answer from server' };

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  query?: QueryParams,
  extraHeaders?: Record<string, string>,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  // The language the visitor reads (the i18n module keeps it on <html lang>): an order placed now mails in it.
  if (typeof document !== 'undefined' && document.documentElement.lang)
    headers['Accept-Language'] = document.documentElement.lang;
  const token = store.get(tokenAtom);
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload });
  } catch {
    return NETWORK_ERROR;
  }

  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    return { ...BAD_ANSWER, text: `${BAD_ANSWER.text} (${response.status})` };
  }
  if (!answer || typeof answer !== 'object') return BAD_ANSWER;

  const result = answer as ApiAnswer<T> & { logout?: boolean };
  // Only while the token it was sent with is still the session's: a request in flight when the session took a new
  // token (two-factor turned on revokes the old ones) answers "logout" for a token the session no longer holds, and
  // ending the session then lost the recovery codes shown once (seen in a loaded CI run).
  if (result.logout === true && store.get(tokenAtom) === token) endSessionNow();
  // Staff without a second factor under STAFF_2FA=required: the dashboard sends them to the setup.
  if (result.ok === false && result.key === 'errors.twoFactorRequired') store.set(twoFactorRequiredAtom, true);
  if (!response.ok && result.ok !== false) {
    return { ...BAD_ANSWER, text: `${BAD_ANSWER.text} (${response.status})` };
  }
  return result;
}

/**
 * Fetches a file answer (a CSV export) with the session token and hands it to the browser as a download.
 * Resolves to the API's error answer when the server refused, or null when the file was saved.
 */
async function download(path: string, query: QueryParams, filename: string): Promise<ApiError | null> {
  const token = store.get(tokenAtom);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    return NETWORK_ERROR;
  }
  if (!response.ok) {
    try {
      return (await response.json()) as ApiError;
    } catch {
      return { ...BAD_ANSWER, text: `${BAD_ANSWER.text} (${response.status})` };
    }
  }
  saveBlob(await response.blob(), filename);
  return null;
}

/**
 * Fetches a private file (a ticket's picture) with the session token: the file, or the API's error answer. For
 * pictures an <img> cannot fetch itself, since the API takes the token only in the Authorization header.
 */
async function blob(path: string): Promise<Blob | ApiError> {
  const token = store.get(tokenAtom);
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    return NETWORK_ERROR;
  }
  if (response.ok) return response.blob();
  try {
    return (await response.json()) as ApiError;
  } catch {
    return { ...BAD_ANSWER, text: `${BAD_ANSWER.text} (${response.status})` };
  }
}

/** Hands a file made or fetched in the page to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  download,
  blob,
  get: <T>(path: string, query?: QueryParams) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body, undefined, headers),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  /** Multipart POST (avatars). */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};
