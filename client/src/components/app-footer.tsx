import { Anchor, Box, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { COPYRIGHT_YEARS, paths, SUPPORT } from '../config';
import { useFormat } from '../lib/format';
import { LanguageSelect } from './language-select';
import layout from '../styles/layout.module.css';

export function AppFooter() {
  const { t } = useTranslation('common');
  const format = useFormat();
  const links = [
    { href: paths.aboutUs.getHref(), label: t('nav.aboutUs') },
    { href: paths.privacyPolicy.getHref(), label: t('nav.privacyPolicy') },
    { href: paths.tos.getHref(), label: t('nav.tos') },
    { href: paths.login.getHref(), label: t('nav.login') },
    { href: paths.register.getHref(), label: t('nav.register') },
    { href: paths.account.root.getHref(), label: t('nav.account') },
    { href: paths.account.limits.getHref(), label: t('nav.playResponsibly') },
  ];
  // Only the contacts the operator set (SUPPORT_*, decision 007); none set: no support column at all.
  const contacts = [
    SUPPORT.phone && {
      key: 'phone',
      icon: <IconPhone size={18} />,
      label: t('footer.phone'),
      href: `tel:${SUPPORT.phone.replace(/[^\d+]/g, '')}`,
      value: format.digits(SUPPORT.phone),
    },
    SUPPORT.email && {
      key: 'email',
      icon: <IconMail size={18} />,
      label: t('footer.email'),
      href: `mailto:${SUPPORT.email}`,
      value: SUPPORT.email,
    },
    SUPPORT.telegram && {
      key: 'telegram',
      icon: <IconBrandTelegram size={18} />,
      label: t('footer.telegram'),
      href: `https://t.me/${SUPPORT.telegram}`,
      value: `@${SUPPORT.telegram}`,
    },
    SUPPORT.whatsapp && {
      key: 'whatsapp',
      icon: <IconBrandWhatsapp size={18} />,
      label: t('footer.whatsapp'),
      href: `https://wa.me/${SUPPORT.whatsapp.replace(/\D/g, '')}`,
      value: format.digits(SUPPORT.whatsapp),
    },
  ].filter((contact) => !!contact);
  return (
    <Box component="footer" bg="gray.0" px="md" py="xl" mt="xl" className={layout.footerBar}>
      <Box maw={1100} mx="auto">
        <SimpleGrid cols={{ base: 1, sm: contacts.length ? 3 : 2 }} spacing="xl">
          <Stack gap={6} component="nav" aria-label={t('footer.links')}>
            <Title order={2} size="h5">
              {t('footer.links')}
            </Title>
            {links.map((link) => (
              <Anchor key={link.href} component={Link} to={link.href} c="dark.6" py={4}>
                {link.label}
              </Anchor>
            ))}
          </Stack>
          {contacts.length ? (
            <Stack gap={6}>
              <Title order={2} size="h5">
                {t('footer.support')}
              </Title>
              {contacts.map((contact) => (
                <ContactLink
                  key={contact.key}
                  icon={contact.icon}
                  label={contact.label}
                  href={contact.href}
                  value={contact.value}
                />
              ))}
            </Stack>
          ) : null}
          <Stack gap={6}>
            <Title order={2} size="h5">
              {t('footer.language')}
            </Title>
            <LanguageSelect />
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="sm" c="dimmed" ta="center">
          {t('footer.copyright', { years: format.digits(COPYRIGHT_YEARS) })}
        </Text>
      </Box>
    </Box>
  );
}

function ContactLink({ icon, label, href, value }: { icon: ReactNode; label: string; href: string; value: string }) {
  return (
    <Anchor
      href={href}
      c="dark.6"
      py={4}
      aria-label={`${label}: ${value}`}
      target={href.startsWith('http') ? '_blank' : undefined}
      rel="noreferrer"
    >
      <Box component="span" className={layout.inlineRow}>
        {icon}
        {value}
      </Box>
    </Anchor>
  );
}
