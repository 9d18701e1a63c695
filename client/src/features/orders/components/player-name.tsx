import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '../../../lib/query';
import { useTranslation } from 'react-i18next';
import { toAsciiDigits } from '#shared/digits';
import { getPlayer, orderKeys } from '../api/orders-api';

/**
 * "1xBet account: R***n" under the 1xBet id before the customer pays: the cash desk's masked name for a
 * whole id, looked up once the typing pauses. An id the desk does not know says so; a shop without a desk, or a desk
 * that does not answer, shows nothing (the order is checked again when placed).
 */
export function PlayerName({ onexId, currency }: { onexId: string; currency: string }) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('common');
  const [id] = useDebouncedValue(toAsciiDigits(onexId.trim()), 400);
  const whole = /^\d{9}$/.test(id);
  const player = useQuery({
    queryKey: [...orderKeys.all, 'player', currency, id],
    queryFn: () => getPlayer(id, currency),
    enabled: whole,
    staleTime: 3 * 60_000,
    retry: false,
  });
  if (!whole) return null;
  const answer = player.data;
  if (!answer)
    return player.isFetching ? (
      <Text size="sm" c="dimmed">
        {t('new.playerChecking')}
      </Text>
    ) : null;
  if (answer.ok) {
    return (
      <Text size="sm" fw={600} data-testid="player-name" aria-live="polite">
        {t('new.player', { name: answer.player.name })}
      </Text>
    );
  }
  if (answer.key === 'errors.playerNotFound') {
    return (
      <Text size="sm" c="red.8" data-testid="player-not-found" aria-live="polite">
        {tc('errors.playerNotFound')}
      </Text>
    );
  }
  return null;
}
