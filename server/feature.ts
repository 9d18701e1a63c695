// A feature plugs into the app with a router (mounted under /api/v1) and optional background work.
import type { Router } from 'express';

export interface Feature {
  router: Router;
  start?(): void;
  stop?(): Promise<void> | void;
}
