// Placeholder: orders, products, payment methods, home and admin status are built by the orders work (issue 3).
import { Router } from 'express';
import type { AppContext } from '../context.js';
import type { Feature } from '../feature.js';

export function createOrdersFeature(_ctx: AppContext): Feature {
  return { router: Router() };
}
