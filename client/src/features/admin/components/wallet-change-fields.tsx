// What a receiving wallet's change asks (decision 280): the new number typed a second time and, for staff with
// two-factor, a current code; with a warning that every new order will be told to pay this number.
import { Alert, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '#shared/api-types';

/** Failures the change's own fields show (the form's errors): no second message for them. */
export const walletChangeFailureShown = (answer: ApiError): boolean =>
  answer.key === 'errors.walletConfirmMismatch' ||
  answer.key === 'errors.twoFactorCodeMissing' ||
  answer.key === 'errors.twoFactorCodeWrong';

export function WalletChangeFields<V extends { confirm_wallet: string; otp: string }>({
  form,
  twoFactor,
  isNew = false,
}: {
  form: UseFormReturnType<V>;
  twoFactor: boolean;
  /** A number being added rather than changed. */
  isNew?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs">
      {!isNew && (
        <Alert color="yellow" variant="light" title={t('pms.walletChangeTitle')}>
          {t('pms.walletChangeHint')}
        </Alert>
      )}
      <TextInput
        label={t('pms.confirmWallet')}
        description={t('pms.confirmWalletHint')}
        inputMode="tel"
        autoComplete="off"
        required
        {...form.getInputProps('confirm_wallet')}
      />
      {twoFactor && (
        <TextInput
          label={t('pms.otp')}
          description={t('pms.otpHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.getInputProps('otp')}
        />
      )}
    </Stack>
  );
}
