// Page picker of the paged tables (spec §2): shown only with more than one page, numbers zero-padded below 10.
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useFormat } from '../lib/format';

/** Pages around the current one, with the first and last always reachable. */
function visiblePages(page: number, pages: number): number[] {
  const around = new Set([1, pages, page - 1, page, page + 1]);
  return [...around].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
}

export interface PagePickerLabels {
  nav: string;
  previous: string;
  next: string;
}

/** Labels come from the caller's namespace, so the component needs no locale keys of its own. */
export function PagePicker({
  page,
  pages,
  onChange,
  labels,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  labels: PagePickerLabels;
}) {
  const format = useFormat();
  if (pages <= 1) return null;
  return (
    <Group gap={6} justify="center" component="nav" aria-label={labels.nav} wrap="wrap">
      <ActionIcon
        variant="default"
        size={44}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={labels.previous}
      >
        <IconChevronLeft size={20} />
      </ActionIcon>
      {visiblePages(page, pages).map((n) => (
        <Button
          key={n}
          size="md"
          px="sm"
          miw={44}
          variant={n === page ? 'filled' : 'default'}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {format.page(n)}
        </Button>
      ))}
      <ActionIcon
        variant="default"
        size={44}
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
        aria-label={labels.next}
      >
        <IconChevronRight size={20} />
      </ActionIcon>
    </Group>
  );
}
