import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBolt,
  IconClockHour4,
  IconHeadset,
  IconShieldCheck,
  IconTrendingUp,
  IconUserPlus,
  IconShoppingCart,
  IconCash,
} from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy';
import { adminOnlineAtom } from '../../../lib/session';
import { startHomeRequest } from '../api/get-home';
import { AdminOnlineBadge } from '../components/admin-online-badge';
import { ProductsGrid } from '../components/products-grid';
import layout from '../../../styles/layout.module.css';

// What shows /home's answer is a chunk of its own with the query layer (decision 180), fetched beside the answer.
const liveParts = () => import('../components/home-live');
const LiveAdminBadge = lazyComponent(async () => (await liveParts()).LiveAdminBadge);
const LiveProducts = lazyComponent(async () => (await liveParts()).LiveProducts);
const LiveRecentOrders = lazyComponent(async () => (await liveParts()).LiveRecentOrders);

/** About the recent orders' empty state: one line of text with its padding (as in home-live.tsx). */
const RECENT_PLACEHOLDER_HEIGHT = 64;
const noop = () => undefined;

const STEPS = [
  { key: 'account', icon: <IconUserPlus size={24} /> },
  { key: 'order', icon: <IconShoppingCart size={24} /> },
  { key: 'paid', icon: <IconCash size={24} /> },
] as const;
const REASONS = [
  { key: 'secure', icon: <IconShieldCheck size={24} /> },
  { key: 'rates', icon: <IconTrendingUp size={24} /> },
  { key: 'fast', icon: <IconClockHour4 size={24} /> },
  { key: 'support', icon: <IconHeadset size={24} /> },
] as const;

/**
 * / — the marketing home page with products, how it works, reasons, recent orders and the admin badge. Everything
 * but the data paints at once; the products' cards wait as skeletons of their own size (decision 063).
 */
export default function HomePage() {
  const { t } = useTranslation(['home', 'orders']);
  const format = useFormat();
  const adminOnline = useAtomValue(adminOnlineAtom);
  // GET /home leaves now, beside the chunk of the live parts that shows its answer.
  useState(startHomeRequest);

  return (
    <Box>
      <Box component="section" py={{ base: 40, sm: 72 }} className={layout.heroGradient}>
        <Container size="lg">
          <Stack gap="lg" maw={680}>
            <Suspense
              fallback={
                <AdminOnlineBadge online={adminOnline} showRefresh={false} refreshing={false} onRefresh={noop} />
              }
            >
              <LiveAdminBadge />
            </Suspense>
            <Title order={1} fz={{ base: 30, sm: 46 }} lh={1.15}>
              {t('hero.title')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
              {t('hero.body')}
            </Text>
            <Group gap="sm">
              <Button component="a" href="#products" size="lg">
                {t('hero.browse')}
              </Button>
              <Group gap={6} c="dimmed">
                <IconBolt size={18} aria-hidden />
                <Text size="sm">{t('hero.note')}</Text>
              </Group>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 'xl', sm: 56 }}>
        <Stack gap={56}>
          <Stack
            gap="md"
            component="section"
            id="products"
            className={layout.belowHeader}
            aria-labelledby="products-title"
          >
            <Title order={2} id="products-title">
              {t('products.title')}
            </Title>
            <Suspense fallback={<ProductsGrid products={null} />}>
              <LiveProducts />
            </Suspense>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="how-title">
            <Title order={2} id="how-title">
              {t('how.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {STEPS.map((step, index) => (
                <Card key={step.key} withBorder radius="lg" padding="lg">
                  <Group gap="sm" mb="sm" wrap="nowrap">
                    <ThemeIcon size={44} radius="xl" variant="light">
                      {step.icon}
                    </ThemeIcon>
                    <Text fw={700} c="dimmed">
                      {t('how.step', { n: format.number(index + 1) })}
                    </Text>
                  </Group>
                  <Text fw={700} fz="lg">
                    {t(`how.${step.key}.title`)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`how.${step.key}.body`)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="why-title">
            <Title order={2} id="why-title">
              {t('why.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              {REASONS.map((reason) => (
                <Group key={reason.key} align="flex-start" wrap="nowrap" gap="sm">
                  <ThemeIcon size={44} radius="md" variant="light" color="teal">
                    {reason.icon}
                  </ThemeIcon>
                  <div>
                    <Text fw={700}>{t(`why.${reason.key}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`why.${reason.key}.body`)}
                    </Text>
                  </div>
                </Group>
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="recent-title">
            <Group justify="space-between">
              <Title order={2} id="recent-title">
                {t('recent.title')}
              </Title>
              <Anchor href="#products">{t('hero.browse')}</Anchor>
            </Group>
            <Card withBorder radius="lg" p={0}>
              <Suspense fallback={<Skeleton h={RECENT_PLACEHOLDER_HEIGHT} radius="lg" />}>
                <LiveRecentOrders />
              </Suspense>
            </Card>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
