// The admin's alert settings in this browser (decision 119): per admin id, and a malformed or old stored value
// keeps every field it got right and falls back to the default for the rest.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, readAlertSettings, writeAlertSettings } from './alert-settings';

const stored = new Map<string, string>();
beforeEach(() => {
  stored.clear();
  (globalThis as { window?: unknown }).window = {
    localStorage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    },
  };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('alert settings', () => {
  it('When nothing is stored, then the defaults: sound wanted, every kind, title and favicon, no desktop notifications', () => {
    expect(readAlertSettings('admin-1')).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(DEFAULT_ALERT_SETTINGS).toMatchObject({ sound: true, title: true, favicon: true, desktop: false });
  });

  it('When one admin saves, then another admin on the same browser keeps their own', () => {
    writeAlertSettings('admin-1', {
      ...DEFAULT_ALERT_SETTINGS,
      tone: 'bell',
      volume: 30,
      kinds: { order: true, payment: false, ticket: true },
    });
    expect(readAlertSettings('admin-1')).toMatchObject({ tone: 'bell', volume: 30, kinds: { payment: false } });
    expect(readAlertSettings('admin-2')).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('When the stored value is malformed, then each bad field falls back on its own', () => {
    stored.set(
      'adminAlerts:admin-1',
      JSON.stringify({ tone: 'siren', volume: 250, sound: false, kinds: { ticket: 'yes', order: false } }),
    );
    expect(readAlertSettings('admin-1')).toEqual({
      ...DEFAULT_ALERT_SETTINGS,
      sound: false,
      kinds: { order: false, payment: true, ticket: true },
    });
    stored.set('adminAlerts:admin-1', '{not json');
    expect(readAlertSettings('admin-1')).toEqual(DEFAULT_ALERT_SETTINGS);
  });
});
