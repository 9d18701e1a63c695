// A readable text page (terms, privacy, about) built from its locale namespace: title, intro and sections.
import { Anchor, Container, Divider, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, SUPPORT } from '../../../config';

interface Section {
  heading: string;
  body: string;
  /** The same advice without an e-mail address, for a shop that set no SUPPORT_EMAIL (decision 007). */
  bodyNoEmail?: string;
}

export function StaticPage({ page }: { page: 'terms' | 'privacy' | 'about' }) {
  const { t } = useTranslation('pages');
  const values = { email: SUPPORT.email };
  const sections = t(`${page}.sections`, { returnObjects: true, ...values }) as Record<string, Section>;
  return (
    <Container size={760} px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t(`${page}.title`)}</Title>
          <Text c="dimmed" size="sm">
            {t('updated')}
          </Text>
        </Stack>
        <Text size="lg">{t(`${page}.intro`, values)}</Text>
        <Divider />
        {Object.entries(sections).map(([key, section]) => (
          <Stack gap={6} key={key} component="section">
            <Title order={2} size="h4">
              {section.heading}
            </Title>
            <Text lh={1.7}>{SUPPORT.email ? section.body : (section.bodyNoEmail ?? section.body)}</Text>
          </Stack>
        ))}
        <Divider />
        <Text size="sm">
          {SUPPORT.email ? (
            <>
              {t('contact')}{' '}
              <Anchor href={`mailto:${SUPPORT.email}`} fw={600}>
                {SUPPORT.email}
              </Anchor>
            </>
          ) : (
            <Trans
              t={t}
              i18nKey="contactTicket"
              components={{ ticket: <Anchor component={Link} to={paths.account.newSupport.getHref()} fw={600} /> }}
            />
          )}
        </Text>
      </Stack>
    </Container>
  );
}
