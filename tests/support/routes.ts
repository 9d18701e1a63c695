// The routes an Express 5 app really serves, read from its router at run time (nested routers included), so
// generated and authorisation tests cover every endpoint, also the ones added after the tests were written.
import { METHODS } from 'node:http';
import type express from 'express';

export interface RouteInfo {
  /** Upper-case HTTP method ('GET', 'POST', …). */
  method: string;
  /** The full pattern as written in the code, mount paths joined: '/api/v1/orders/:id'. A RegExp route is `/…/`. */
  path: string;
  /** Names of the path parameters, in order (':id' → 'id'; '*rest' → 'rest'). */
  params: string[];
  /** `${method} ${path}`: the key the expectation tables use. */
  key: string;
}

/** The parts of router@2's Layer and Route this helper reads (not exported by its types). */
interface LayerLike {
  rawPath?: unknown;
  handle?: { stack?: unknown };
  route?: { path: unknown; methods: Record<string, boolean> };
}

function joinPaths(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function patternText(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(patternText);
  if (raw instanceof RegExp) return [`/${raw.source}/`];
  if (typeof raw === 'string') return [raw];
  throw new Error(
    `Unexpected route path ${String(raw)}: the router's internals changed, update tests/support/routes.ts`,
  );
}

/** Parameter names of a path-to-regexp@8 pattern (':id', '*rest', '{/:opt}') or of a RegExp's named groups. */
export function paramNames(path: string): string[] {
  if (path.startsWith('/') && path.endsWith('/') && path.length > 1 && path.includes('(')) {
    return [...path.matchAll(/\(\?<([A-Za-z_$][\w$]*)>/g)].map((m) => m[1]);
  }
  return [...path.matchAll(/[:*]([A-Za-z_$][\w$]*|"[^"]+")/g)].map((m) => m[1].replace(/^"|"$/g, ''));
}

function walk(stack: unknown, prefix: string, into: RouteInfo[]): void {
  if (!Array.isArray(stack))
    throw new Error('The router has no stack: the router internals changed, update tests/support/routes.ts');
  for (const layer of stack as LayerLike[]) {
    if (layer.route) {
      let methods = Object.keys(layer.route.methods)
        .filter((m) => layer.route!.methods[m])
        .map((m) => (m === '_all' ? 'ALL' : m.toUpperCase()));
      // Express 5's app.all() registers every method one by one.
      if (methods.includes('ALL') || METHODS.every((m) => methods.includes(m))) methods = ['ALL'];
      for (const pattern of patternText(layer.route.path)) {
        const path =
          pattern.startsWith('/') && pattern.endsWith('/') && pattern.length > 1 ? pattern : joinPaths(prefix, pattern);
        for (const method of methods) into.push({ method, path, params: paramNames(path), key: `${method} ${path}` });
      }
      continue;
    }
    // A nested router (express.Router() or app.use('/mount', router)); plain middleware has no stack.
    if (layer.handle && Array.isArray(layer.handle.stack)) {
      const mounts = layer.rawPath === undefined ? ['/'] : patternText(layer.rawPath);
      for (const mount of mounts) walk(layer.handle.stack, joinPaths(prefix, mount), into);
    }
  }
}

/**
 * Every route of the app, in the order the router tries them. A method+path served twice (a later route the
 * earlier one shadows) is listed once, where it first appears.
 */
export function listRoutes(app: express.Express | express.Router): RouteInfo[] {
  const router = 'router' in app && typeof app.router === 'function' ? app.router : app;
  const routes: RouteInfo[] = [];
  walk((router as unknown as { stack?: unknown }).stack, '', routes);
  const seen = new Set<string>();
  return routes.filter((route) => (seen.has(route.key) ? false : (seen.add(route.key), true)));
}

/** encodeURIComponent for any string: a lone surrogate (no UTF-8 form) is sent as U+FFFD, as browsers do. */
export function encodeComponent(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/**
 * Fills a pattern's parameters (URL-encoded, or verbatim from `raw`, for malformed escapes such as '%E0%A4%A');
 * throws when one is missing, so a table cannot silently skip one.
 */
export function fillPath(path: string, params: Record<string, string>, raw: Record<string, string> = {}): string {
  return path.replace(/[:*]([A-Za-z_$][\w$]*)/g, (_whole, name: string) => {
    if (raw[name] !== undefined) return raw[name];
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeComponent(value);
  });
}
