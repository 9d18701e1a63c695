// The stats page's per-person figures: each staff member's completed and cancelled orders of the range
// and their median minutes to complete.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffStatsDto } from '#shared/stats';
import { useFormat } from '../../../lib/format';
import { ChartCard } from './stats-charts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function StaffTable({ staff }: { staff: StaffStatsDto[] }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  return (
    <ChartCard title={t('byStaff.title')} testId="stats-by-staff">
      {staff.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('byStaff.none')}
        </Text>
      ) : (
        // Four short columns fit a phone: no scroll container (a scrolling region would need its own focus stop).
        <Table verticalSpacing="xs" horizontalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('byStaff.name')}</Table.Th>
              <Table.Th ta="right">{t('byStaff.completed')}</Table.Th>
              <Table.Th ta="right">{t('byStaff.cancelled')}</Table.Th>
              <Table.Th ta="right">{t('byStaff.median')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {format.number(s.completed)}
                </Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {format.number(s.cancelled)}
                </Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {s.median_minutes === null ? '—' : t('byStaff.minutes', { value: format.number(s.median_minutes) })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ChartCard>
  );
}
