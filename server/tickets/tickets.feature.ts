// Placeholder: tickets, recovery, avatars and admin users are built by the support work (issue 4).
import { Router } from 'express';
import type { AppContext } from '../context.js';
import type { Feature } from '../feature.js';

export function createSupportFeature(_ctx: AppContext): Feature {
  return { router: Router() };
}
