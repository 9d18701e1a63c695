import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import logoUrl from '../assets/logo.svg';
import { paths } from '../config';

export function LogoLink() {
  const { t } = useTranslation('common');
  return (
    <UnstyledButton component={Link} to={paths.home.getHref()} aria-label={t('header.logoAlt')}>
      <Group gap={8} wrap="nowrap">
        <img src={logoUrl} alt="" width={36} height={36} />
        <Text fw={700} size="lg" c="brand.8" visibleFrom="xs">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
