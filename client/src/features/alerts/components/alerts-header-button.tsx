// The bell in the admin header (decision 119): the waiting count at a glance; a click opens the list of
// what waits (queued orders, held payments among them, open tickets, ledger gaps), each a link to where it is
// handled, and the way to the alert settings.
import { ActionIcon, Badge, Button, Divider, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconLock,
  IconMessage,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react';
import { useAtom, useAtomValue } from 'jotai';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config';
import { lazyComponent } from '../../../lib/lazy';
import { useFormat } from '../../../lib/format';
import { useWaitingItems, waitingTotal } from '../api/waiting';
import { alertSettingsAtom, alertSettingsOpenAtom } from '../lib/alert-state';
import classes from './alerts-header-button.module.css';

const AlertSettingsModal = lazyComponent(async () => (await import('./alert-settings-modal')).AlertSettingsModal);

export function AlertsHeaderButton() {
  const { t } = useTranslation('alerts');
  const format = useFormat();
  const [settingsOpened, setSettingsOpened] = useAtom(alertSettingsOpenAtom);
  const [listOpened, setListOpened] = useState(false);
  const waiting = useWaitingItems();
  const { settings } = useAtomValue(alertSettingsAtom);
  const total = waitingTotal(waiting);
  const label =
    total > 0
      ? `${t('header.open')}. ${t('header.waiting', { count: total, n: format.number(total) })}`
      : t('header.open');
  const close = () => setListOpened(false);
  const titleId = useId();
  return (
    <>
      <Indicator
        label={total > 99 ? `${format.number(99)}+` : format.number(total)}
        disabled={total === 0}
        size={18}
        color="red"
        offset={4}
        zIndex={2}
        data-testid="alerts-count"
      >
        <Popover
          opened={listOpened}
          onChange={setListOpened}
          position="bottom-end"
          width={300}
          shadow="md"
          trapFocus
          returnFocus
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="dark"
              size="lg"
              aria-label={label}
              onClick={() => setListOpened((o) => !o)}
              data-testid="alerts-button"
            >
              {settings.sound ? <IconBell size={22} /> : <IconBellOff size={22} />}
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs" aria-labelledby={titleId} data-testid="alerts-list">
            <Stack gap={4}>
              <Text fw={700} size="sm" px="xs" pt={4} id={titleId}>
                {t('list.title')}
              </Text>
              {waiting && total === 0 ? (
                <Text size="sm" c="dimmed" px="xs" py={6}>
                  {t('list.nothing')}
                </Text>
              ) : null}
              {waiting && waiting.orders > 0 ? (
                <WaitingRow
                  to={paths.admin.orders.getHref()}
                  icon={<IconReceipt size={18} />}
                  label={t('list.orders', { count: waiting.orders, n: format.number(waiting.orders) })}
                  count={format.number(waiting.orders)}
                  onGo={close}
                />
              ) : null}
              {waiting && waiting.held > 0 ? (
                <WaitingRow
                  to={`${paths.admin.orders.getHref()}?view=held`}
                  icon={<IconLock size={18} />}
                  label={t('list.held', { count: waiting.held, n: format.number(waiting.held) })}
                  count={format.number(waiting.held)}
                  color="orange"
                  onGo={close}
                />
              ) : null}
              {waiting && waiting.tickets > 0 ? (
                <WaitingRow
                  to={paths.admin.supports.getHref()}
                  icon={<IconMessage size={18} />}
                  label={t('list.tickets', { count: waiting.tickets, n: format.number(waiting.tickets) })}
                  count={format.number(waiting.tickets)}
                  onGo={close}
                />
              ) : null}
              {waiting && waiting.gaps > 0 ? (
                <WaitingRow
                  to={paths.admin.devices.getHref()}
                  icon={<IconAlertTriangle size={18} />}
                  label={t('list.gaps', { count: waiting.gaps, n: format.number(waiting.gaps) })}
                  count={format.number(waiting.gaps)}
                  color="orange"
                  onGo={close}
                />
              ) : null}
              <Divider my={4} />
              <Button
                variant="subtle"
                color="dark"
                size="sm"
                justify="flex-start"
                leftSection={<IconSettings size={16} />}
                onClick={() => {
                  close();
                  setSettingsOpened(true);
                }}
              >
                {t('list.settings')}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
      {settingsOpened ? (
        <Suspense fallback={null}>
          <AlertSettingsModal onClose={() => setSettingsOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function WaitingRow({
  to,
  icon,
  label,
  count,
  color = 'red',
  onGo,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  count: string;
  color?: string;
  onGo: () => void;
}) {
  return (
    <UnstyledButton component={Link} to={to} onClick={onGo} className={classes.row} data-testid="alerts-item">
      <span className={classes.icon} aria-hidden>
        {icon}
      </span>
      <Text size="sm" className={classes.label}>
        {label}
      </Text>
      <Badge color={color} variant="light" radius="sm" aria-hidden>
        {count}
      </Badge>
    </UnstyledButton>
  );
}
