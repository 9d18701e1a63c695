import type { HomeDto } from '#shared/api-types';
import { api } from '../../../lib/api';

/** GET /home: products, recent orders, the current user (token optional) and the admin-online flag. */
export const getHome = () => api.get<Omit<HomeDto, 'ok'>>('/home');
