// Paged lists (product.md §3.5 `?page=n`): every list answers `pages`, at least 1 (an empty list is page 1 of 1).
import { LIMITS } from '#shared/constants';

export function pageCount(total: number, pageSize: number = LIMITS.pageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
