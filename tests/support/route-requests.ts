// Sends one request to a route read from the router (tests/support/routes.ts): path parameters, query, a JSON,
// raw or multipart body, headers and a bearer token; answers status, content type and the parsed JSON if any.
import { checkAnswerAgainstDocument } from './openapi-answers.js';
import { encodeComponent, fillPath, type RouteInfo } from './routes.js';

export interface RouteRequest {
  params?: Record<string, string>;
  /** Path parameters sent verbatim, not encoded (malformed percent escapes); they win over `params`. */
  rawParams?: Record<string, string>;
  /** Appended to the query verbatim. */
  rawQuery?: string;
  /** Pairs, so a key may repeat (`?page=1&page=2`) or be odd (`page[x]`). */
  query?: [string, string][];
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (malformed JSON, other content types). */
  raw?: { text: string; contentType?: string };
  /** Sent as multipart/form-data. */
  form?: { fields?: Record<string, string>; file?: { field: string; data: Uint8Array; name: string; type: string } };
  headers?: Record<string, string>;
  token?: string;
}

export interface RouteAnswer {
  status: number;
  contentType: string;
  text: string;
  /** Undefined when the body is not JSON. */
  json: unknown;
}

export function requestUrl(base: string, route: RouteInfo, request: RouteRequest): string {
  const path = fillPath(route.path, request.params ?? {}, request.rawParams);
  const query = [
    ...(request.query ?? []).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`),
    ...(request.rawQuery ? [request.rawQuery] : []),
  ].join('&');
  return `${base}${path}${query ? `?${query}` : ''}`;
}

export async function sendRouteRequest(base: string, route: RouteInfo, request: RouteRequest): Promise<RouteAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: BodyInit | undefined;
  if (request.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(request.form.fields ?? {})) form.append(k, v);
    const file = request.form.file;
    if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    body = form;
  } else if (request.raw) {
    body = request.raw.text;
    if (request.raw.contentType !== undefined) headers['content-type'] = request.raw.contentType;
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const method = route.method === 'ALL' ? 'GET' : route.method;
  const send = () =>
    fetch(requestUrl(base, route, request), {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    });
  let res: Response;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive socket the server closed just as it was reused ("other side closed"): the request never reached
    // the shop, so it is sent once more on a new connection. Any other failure stands.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (
      !(error instanceof TypeError) ||
      !(cause?.code === 'UND_ERR_SOCKET' || /other side closed/i.test(cause?.message ?? ''))
    )
      throw error;
    res = await send();
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // A JSON answer must be what the OpenAPI document says: the authorisation matrix and the generated
  // tests send every route, so their answers check the document too.
  if (json !== undefined) checkAnswerAgainstDocument(method, requestUrl(base, route, request), res.status, json);
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
}
