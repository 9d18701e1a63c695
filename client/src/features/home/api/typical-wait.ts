// How long orders usually take (GET /stats/typical-wait): the home's badge says what
// "online" means for an order. Loaded with the home's live parts, never with the first paint (decision 180).
import { TYPICAL_WAIT, type TypicalWaitDto } from '#shared/stats';
import { api, okOrThrow } from '../../../lib/api';
import { queryOptions } from '../../../lib/query';

export const typicalWaitQuery = () =>
  queryOptions({
    queryKey: ['home', 'typical-wait'] as const,
    queryFn: async () => (await okOrThrow(api.get<{ wait: TypicalWaitDto }>('/stats/typical-wait'))).wait,
    staleTime: TYPICAL_WAIT.cacheSeconds * 1000,
  });
