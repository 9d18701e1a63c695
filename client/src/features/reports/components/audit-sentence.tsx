// An audit entry read as a sentence in the reader's language: the actor in bold, the target a link to its page
// when it has one. The words come from lib/audit-sentence.ts and the locale files.
import { Anchor, Text } from '@mantine/core';
import type { ParseKeys, TOptions } from 'i18next';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AuditEntryDto } from '#shared/audit';
import { shortOrderId } from '../../../components/order-columns';
import { isTranslationKey, translate } from '../../../i18n/keys';
import { useProductName, useWalletName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { auditSentence, type AuditSentenceLabels } from '../lib/audit-sentence';
import classes from '../../../styles/text.module.css';

type SentenceKey = ParseKeys<'reports', TOptions, 'audit.sentences'>;
/** Whether the reports namespace has this sentence (an action of a later build may have none yet). */
const isSentenceKey = (key: string): key is SentenceKey =>
  isTranslationKey(`reports:audit.sentences.${key}`, ['reports']);

/** The words an entry's sentence needs, in the reader's language. */
function useSentenceLabels(): AuditSentenceLabels {
  const { t } = useTranslation(['reports', 'users']);
  const format = useFormat();
  const product = useProductName();
  const wallet = useWalletName();
  return useMemo(
    () => ({
      orderId: shortOrderId,
      product,
      wallet,
      walletNumber: format.wallet,
      role: (role) => {
        const key = `users:roles.${role}`;
        return isTranslationKey(key, ['users']) ? translate(key, undefined, ['users']) : role;
      },
      money: (amount) => format.money(amount, 'BDT'),
      online: (value) =>
        t(
          value === null
            ? 'audit.sentences.online.auto'
            : value
              ? 'audit.sentences.online.on'
              : 'audit.sentences.online.off',
        ),
      targetType: (type) => {
        const key = `reports:audit.targets.${type}`;
        return isTranslationKey(key, ['reports']) ? translate(key, undefined, ['reports']) : type;
      },
      hasSentence: isSentenceKey,
    }),
    [t, format, product, wallet],
  );
}

export function AuditSentenceText({ entry, href }: { entry: AuditEntryDto; href: string | null }) {
  const { t } = useTranslation('reports', { keyPrefix: 'audit.sentences' });
  const { t: tr } = useTranslation('reports');
  const labels = useSentenceLabels();
  const { key, values } = auditSentence(entry, labels);
  const i18nKey: SentenceKey = isSentenceKey(key) ? key : 'unknown';
  const target = href ? (
    <Anchor component={Link} to={href} size="sm" ff="monospace" className={classes.anywhere} />
  ) : (
    <Text span size="sm" ff="monospace" className={classes.anywhere} />
  );
  return (
    <Text size="sm" data-testid="audit-sentence">
      {/* The key's namespace and prefix given, not inferred: inferring them from `t` over every key of the fallback
          namespace too grew past what the typecheck can represent. */}
      <Trans<SentenceKey, 'reports', 'audit.sentences'>
        t={t}
        // One key's type for TypeScript: the union of every sentence key is past what it represents in <Trans>'s
        // props; isSentenceKey checked the key itself above.
        i18nKey={i18nKey as 'unknown'}
        values={{ actor: entry.actor?.name ?? tr('audit.unknownActor'), ...values }}
        components={{ actor: <Text span fw={600} size="sm" />, target }}
        shouldUnescape
      />
    </Text>
  );
}
