// What the reports show beyond lib/format: durations ('12 min 5 s') and Dhaka dates ('10 Mar'), in the UI language.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

export function useReportFormat() {
  const { t } = useTranslation(['reports', 'common']);
  const format = useFormat();
  return useMemo(
    () => ({
      /** Whole seconds as the two largest units; null is "none yet". */
      duration(seconds: number | null): string {
        if (seconds === null) return t('reports:stats.duration.none');
        const s = Math.max(0, Math.round(seconds));
        const n = (value: number) => format.number(value);
        if (s < 60) return t('reports:stats.duration.seconds', { s: n(s) });
        if (s < 3600) return t('reports:stats.duration.minutes', { m: n(Math.floor(s / 60)), s: n(s % 60) });
        return t('reports:stats.duration.hours', { h: n(Math.floor(s / 3600)), m: n(Math.floor((s % 3600) / 60)) });
      },
      /** `YYYY-MM-DD` (a Dhaka day from the API) → '10 Mar'. */
      day(date: string): string {
        const [, month, day] = date.split('-').map(Number);
        return `${format.digits(String(day).padStart(2, '0'))} ${t(`common:months.${MONTH_KEYS[month - 1]}`)}`;
      },
    }),
    [t, format],
  );
}
