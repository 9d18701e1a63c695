// Page picker of the paged tables (product.md §3.5): shown only with more than one page, numbers zero-padded below 10
// and in the language's digits.
import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';

export function PagePicker({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const format = useFormat();
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={t('pager.nav')}>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="lg"
        siblings={1}
        getItemProps={(n) => ({ children: format.page(n), style: { fontVariantNumeric: 'tabular-nums' } })}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      />
    </Center>
  );
}
