// What waits for the shop (decision 119): the count in the admin's tab title and favicon.
import type { WaitingItemsDto } from '#shared/admin-alerts';
import { api } from '../../../lib/api';

export const getWaitingItems = () => api.get<{ waiting: WaitingItemsDto }>('/admin/waiting');
