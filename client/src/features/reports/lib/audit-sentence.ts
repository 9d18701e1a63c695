// An audit entry as a sentence in the reader's language: "Rahim completed order 8XK2…". The
// sentence's key is the action's (`reports:audit.sentences.<action>`); its values come from the entry's target and
// its before/after data. An action this build has no sentence for still reads as one (the `unknown` sentence).
import type { AuditEntryDto, AuditJson } from '#shared/audit';

export interface AuditSentenceLabels {
  /** The short form of an order id, as lists show it. */
  orderId: (id: string) => string;
  product: (id: string) => string;
  wallet: (account: string) => string;
  /** A wallet (phone) number, grouped for reading. */
  walletNumber: (number: string) => string;
  role: (role: string) => string;
  money: (amount: string) => string;
  /** The online switch's state: true, false or null (automatic). */
  online: (value: boolean | null) => string;
  /** A target type's name (Order, Wallet phone…), the raw type when unknown. */
  targetType: (type: string) => string;
  /** Whether the locale files have this action's sentence (`reports:audit.sentences.<group>.<verb>`). */
  hasSentence: (action: string) => boolean;
}

export interface AuditSentence {
  /** The action's sentence under `reports:audit.sentences`, or `unknown`. */
  key: string;
  values: Record<string, string>;
}

const field = (value: AuditJson, name: string): AuditJson | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value[name] : undefined;
const text = (value: AuditJson | undefined): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The sentence of an entry: its key and values (the actor's name and the target's words go in the component). */
export function auditSentence(entry: AuditEntryDto, labels: AuditSentenceLabels): AuditSentence {
  const { action, target_type: type, target_id: id, before, after } = entry;
  const either = (name: string) => field(after, name) ?? field(before, name);
  if (!labels.hasSentence(action)) {
    return {
      key: 'unknown',
      values: {
        action: action.replace(/[._]+/g, ' ').trim(),
        type: labels.targetType(type),
        id: type === 'order' ? labels.orderId(id) : id,
      },
    };
  }
  const values: Record<string, string> = {};
  switch (type) {
    case 'order':
      values.id = labels.orderId(id);
      break;
    case 'product':
      values.id = labels.product(id);
      break;
    case 'pm':
      values.id = labels.wallet(id);
      break;
    case 'sms':
    case 'reply':
    case 'sms_template':
      values.id = `#${id}`;
      break;
    case 'device':
      values.id = text(either('name')) || id;
      break;
    case 'webhook':
      values.id = text(either('url')) || id;
      break;
    default:
      values.id = id;
  }
  switch (action) {
    case 'user.role':
      values.from = labels.role(text(field(before, 'role')));
      values.to = labels.role(text(field(after, 'role')));
      break;
    case 'admin.online': {
      const online = field(after, 'online');
      values.state = labels.online(typeof online === 'boolean' ? online : null);
      break;
    }
    case 'device.balance':
      values.amount = text(field(after, 'balance')) ? labels.money(text(field(after, 'balance'))) : '—';
      break;
    case 'pm.number_add':
    case 'pm.number_edit':
      values.number = labels.walletNumber(text(either('wallet')));
      break;
    case 'sms.link':
      values.order = labels.orderId(text(field(after, 'order_id')));
      break;
    case 'blocklist.add':
    case 'blocklist.remove':
      values.value = text(either('value'));
      break;
    default:
      break;
  }
  return { key: action, values };
}
