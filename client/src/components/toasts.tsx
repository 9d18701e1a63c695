import { Notifications } from '@mantine/notifications';
import { TIMERS } from '#shared/constants';

/** Where toasts show (lib/notify.ts), a chunk of its own: toasts asked for before it arrives wait in Mantine's store. */
export function Toasts() {
  return <Notifications position="top-center" autoClose={TIMERS.toastMs} limit={3} />;
}
