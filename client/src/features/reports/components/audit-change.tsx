// What an audit entry changed, in a few short lines: each field whose value differs as `field: before → after`;
// a created or deleted thing as its fields. Values are the entry's data (field names and values as stored).
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditJson } from '#shared/audit';
import { useFormat } from '../../../lib/format';
import classes from '../../../styles/text.module.css';

const MAX_VALUE = 60;
const MAX_LINES = 4;

function shown(value: AuditJson | undefined): string {
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isRecord = (v: AuditJson): v is { [key: string]: AuditJson } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The lines of a change; exported for the unit test. */
export function changeLines(
  before: AuditJson,
  after: AuditJson,
): { kind: 'created' | 'deleted' | 'changed'; lines: string[] } {
  if (before === null && isRecord(after))
    return { kind: 'created', lines: Object.entries(after).map(([k, v]) => `${k}: ${shown(v)}`) };
  if (after === null && isRecord(before))
    return { kind: 'deleted', lines: Object.entries(before).map(([k, v]) => `${k}: ${shown(v)}`) };
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const lines = keys
      .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
      .map((k) => `${k}: ${shown(before[k])} → ${shown(after[k])}`);
    return { kind: 'changed', lines };
  }
  return {
    kind: 'changed',
    lines: JSON.stringify(before) === JSON.stringify(after) ? [] : [`${shown(before)} → ${shown(after)}`],
  };
}

export function AuditChange({ before, after }: { before: AuditJson; after: AuditJson }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const { kind, lines } = changeLines(before, after);
  const more = lines.length - MAX_LINES;
  return (
    <Stack gap={0}>
      {kind !== 'changed' ? (
        <Text size="xs" fw={600}>
          {t(`audit.${kind}`)}
        </Text>
      ) : null}
      {lines.slice(0, MAX_LINES).map((line) => (
        <Text key={line} size="xs" ff="monospace" className={classes.anywhere}>
          {line}
        </Text>
      ))}
      {more > 0 ? (
        <Text size="xs" c="dimmed">
          +{format.number(more)}
        </Text>
      ) : null}
    </Stack>
  );
}
