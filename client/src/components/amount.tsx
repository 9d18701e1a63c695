import { Text, type TextProps } from '@mantine/core';
import { useFormat, type Currency } from '../lib/format';

interface AmountProps extends TextProps {
  value: number | string;
  currency: Currency;
}

/** A money amount: prominent, tabular digits, 2 decimals, currency written out. */
export function Amount({ value, currency, ...props }: AmountProps) {
  const format = useFormat();
  return (
    <Text component="span" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} {...props}>
      {format.money(value, currency)}
    </Text>
  );
}
