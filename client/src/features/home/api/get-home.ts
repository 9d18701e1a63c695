// GET /home and its query (decision 180). This file is in the first page's JavaScript, so it
// holds no query code: it starts the request as the page renders, and the home query (home-query.ts, a chunk
// fetched beside it) takes that request instead of sending a second one.
import type { HomeDto } from '#shared/api-types';
import { api, type ApiAnswer } from '../../../lib/api';

export type HomeAnswer = Omit<HomeDto, 'ok'>;

/** Query keys of the home feature. */
export const homeKeys = { all: ['home'] as const };

/** GET /home: products, recent orders, the current user (token optional) and the admin-online flag. */
export const getHome = () => api.get<HomeAnswer>('/home');

let started: Promise<ApiAnswer<HomeAnswer>> | null = null;

/** Starts GET /home now (a no-op while one started here is not taken yet). */
export function startHomeRequest(): void {
  started ??= getHome();
}

/** The request started by `startHomeRequest`, or a new one. */
export function takeHomeRequest(): Promise<ApiAnswer<HomeAnswer>> {
  const request = started ?? getHome();
  started = null;
  return request;
}
