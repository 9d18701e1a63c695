// The admin's alerts engine (decision 119), mounted once by the admin layout: it keeps the waiting count
// (the GET /admin/waiting query, fetched again after each burst of order, ticket or ledger pushes) in the tab title
// and on the favicon, and turns the pushes the admins' room already receives into a sound and, in the background, a
// desktop notification.
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { titleCountAtom } from '../../../lib/attention';
import { useFormat } from '../../../lib/format';
import { userAtom } from '../../../lib/session';
import { refreshQueries } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { alertKeys, useWaitingItems, waitingTotal } from '../api/waiting';
import { alertOfNewOrder, alertOfOrderUpdate, alertOfTicketMessage, type Alert } from '../lib/alert-events';
import { readAlertSettings } from '../lib/alert-settings';
import { alertSettingsAtom, audioStateAtom } from '../lib/alert-state';
import { audioState, onAudioState, pageWasActivated, runningAudio, unlockAudio } from '../lib/audio';
import { claimAlert } from '../lib/claim';
import { showFaviconBadge } from '../lib/favicon-badge';
import { loadSounds } from './use-enable-sound';

/** Pushes often come in bursts (an order and its home list, a message and its ticket): one count request per burst. */
const COUNT_DEBOUNCE_MS = 400;

export function useAdminAlerts(): void {
  const { t } = useTranslation('alerts');
  const format = useFormat();
  const productName = useProductName();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const setSettings = useSetAtom(alertSettingsAtom);
  const { settings } = useAtomValue(alertSettingsAtom);
  const setAudio = useSetAtom(audioStateAtom);
  const waiting = useWaitingItems();
  const setTitleCount = useSetAtom(titleCountAtom);

  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId) setSettings({ userId, settings: readAlertSettings(userId) });
  }, [userId, setSettings]);

  // Sound: the audio starts from the page's first click or key (or at once when the page already had one). On the
  // click, not the press: the banner leaves once the audio runs, and the click must land where it was aimed first.
  useEffect(() => {
    setAudio(audioState());
    const stopListening = onAudioState(setAudio);
    if (!settings.sound) return stopListening;
    if (pageWasActivated()) setAudio(unlockAudio());
    const unlock = () => setAudio(unlockAudio());
    document.addEventListener('click', unlock, true);
    document.addEventListener('keydown', unlock, true);
    void loadSounds();
    return () => {
      stopListening();
      document.removeEventListener('click', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
  }, [settings.sound, setAudio]);

  // The waiting count: the query asks at once (and again after a reconnect, like every query) and after each burst of
  // pushes; a slow answer of an earlier ask cannot replace a later one (decision 180).
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const countSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshQueries(alertKeys.waiting()), COUNT_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const total = waitingTotal(waiting);
  useEffect(() => setTitleCount(settings.title ? total : 0), [settings.title, total, setTitleCount]);
  useEffect(() => () => setTitleCount(0), [setTitleCount]);
  const badge = settings.favicon && total > 0 ? (total > 9 ? `${format.number(9)}+` : format.number(total)) : '';
  useEffect(() => void showFaviconBadge(badge), [badge]);
  useEffect(() => () => void showFaviconBadge(''), []);

  // Alerts: each event once per browser (claimAlert), as the latest settings say.
  const latest = useRef({ settings, t, format, productName, navigate });
  useEffect(() => {
    latest.current = { settings, t, format, productName, navigate };
  });
  const heard = useRef(new Set<string>());
  const raise = useCallback(async (alert: Alert | null) => {
    const { settings: s } = latest.current;
    if (!alert || !s.kinds[alert.kind] || heard.current.has(alert.key)) return;
    const sound = s.sound && s.volume > 0 && runningAudio() !== null;
    const desktop = s.desktop && canNotify() && (document.visibilityState !== 'visible' || !document.hasFocus());
    if (!sound && !desktop) return;
    heard.current.add(alert.key);
    if (!(await claimAlert(alert.key))) return;
    if (sound) {
      const { playTone } = await loadSounds();
      const context = runningAudio();
      if (context) playTone(context, s.tone, s.volume);
    }
    if (desktop) notify(alert);
  }, []);

  function notify(alert: Alert) {
    const { t: tr, format: f, productName: name, navigate: go } = latest.current;
    const body = alert.order
      ? `${name(alert.order.product_id)} · ${f.productMoney(alert.order.data.amount, alert.order.product_id)}`
      : (alert.text || (alert.picture ? tr('notification.picture') : '')).slice(0, 140);
    try {
      const notification = new Notification(tr(`notification.${alert.kind}`), {
        body,
        tag: alert.key,
        icon: '/icons/icon-192.png',
      });
      notification.onclick = () => {
        window.focus();
        go(alert.ticketId ? paths.admin.support.getHref(alert.ticketId) : paths.admin.orders.getHref());
        notification.close();
      };
    } catch {
      // Some mobile browsers allow notifications only from a service worker: the sound and the title still tell.
    }
  }

  useSocketEvent('order:created', (order) => {
    countSoon();
    void raise(alertOfNewOrder(order));
  });
  useSocketEvent('order:updated', (order) => {
    countSoon();
    void raise(alertOfOrderUpdate(order));
  });
  useSocketEvent('ticket:message', (payload) => {
    countSoon();
    void raise(alertOfTicketMessage(payload));
  });
  useSocketEvent('ticket:updated', countSoon);
  useSocketEvent('ledger:gap', countSoon);
}

export function canNotify(): boolean {
  return typeof window.Notification === 'function' && Notification.permission === 'granted';
}
