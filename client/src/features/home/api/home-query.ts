// The home query: loaded with the home page's live parts (components/home-live.tsx), not with the first paint.
import { okOrThrow } from '../../../lib/api';
import { queryOptions, useQuery } from '../../../lib/query';
import { homeKeys, takeHomeRequest } from './get-home';

export const homeQuery = () => queryOptions({ queryKey: homeKeys.all, queryFn: () => okOrThrow(takeHomeRequest()) });
export const useHome = () => useQuery(homeQuery());
