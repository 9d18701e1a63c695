import { Anchor, Box, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconClockHour4, IconHeadset, IconShieldCheck, IconTrendingUp, IconUserPlus, IconShoppingCart, IconCash } from '@tabler/icons-react';
import { useAtom, useSetAtom } from 'jotai';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeOrderDto, ProductDto } from '#shared/api-types';
import { TIMERS } from '#shared/constants';
import { useFormat } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy';
import { showError } from '../../../lib/notify';
import { adminOnlineAtom, userAtom } from '../../../lib/session';
import { useOnReconnect, useSocketEvent } from '../../../lib/socket';
import { getHome } from '../api/get-home';
import { AdminOnlineBadge } from '../components/admin-online-badge';
import { ProductsGrid } from '../components/products-grid';

// The table (and the scroll area and table code under it) is far below the first screen: it loads beside the data.
const RecentOrdersTable = lazyComponent(async () => (await import('../components/recent-orders-table')).RecentOrdersTable);

/** About the table's empty state: one line of text with its padding. */
const RECENT_PLACEHOLDER_HEIGHT = 64;

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
 * but the data paints at once; the products' cards wait as skeletons of their own size (decision 064).
 */
export default function HomePage() {
  const { t } = useTranslation(['home', 'orders']);
  const format = useFormat();
  const setUser = useSetAtom(userAtom);
  const [adminOnline, setAdminOnline] = useAtom(adminOnlineAtom);
  const [products, setProducts] = useState<ProductDto[] | null>(null);
  const [orders, setOrders] = useState<HomeOrderDto[]>([]);
  const [showRefresh, setShowRefresh] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const timers = useRef<number[]>([]);

  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };

  const loadHome = useCallback(async () => {
    const answer = await getHome();
    if (!answer.ok) {
      showError(answer);
      setProducts((current) => current ?? []);
      return false;
    }
    setProducts(answer.products);
    setOrders(answer.orders);
    setAdminOnline(answer.adminOnline);
    // Session restore skips '/', so this answer is what ends the user's loading state here.
    setUser(answer.user);
    return true;
  }, [setAdminOnline, setUser]);

  useEffect(() => {
    const pending = timers.current;
    void loadHome().then(() => later(TIMERS.homeRefreshShowMs, () => setShowRefresh(true)));
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, [loadHome]);

  const refresh = () => {
    setRefreshing(true);
    later(TIMERS.homeRefreshHideMs, () => setShowRefresh(false));
    void loadHome().then(() => {
      setRefreshing(false);
      later(TIMERS.homeRefreshShowMs, () => setShowRefresh(true));
    });
  };

  useSocketEvent('admin:online', ({ online }) => setAdminOnline(online));
  useSocketEvent('home:orders', (list) => setOrders(list));
  useOnReconnect(() => void loadHome());

  return (
    <Box>
      <Box
        component="section"
        py={{ base: 40, sm: 72 }}
        style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0) 0%, var(--mantine-color-body) 100%)' }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={680}>
            <AdminOnlineBadge online={adminOnline} showRefresh={showRefresh} refreshing={refreshing} onRefresh={refresh} />
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
          <Stack gap="md" component="section" id="products" style={{ scrollMarginTop: 80 }} aria-labelledby="products-title">
            <Title order={2} id="products-title">
              {t('products.title')}
            </Title>
            <ProductsGrid products={products} />
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
                <RecentOrdersTable orders={orders} />
              </Suspense>
            </Card>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
