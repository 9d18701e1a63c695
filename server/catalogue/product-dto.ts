import type { ProductDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import { toMoneyNumber } from '#shared/money';
import { mediaUrl } from '../http/media-url.js';
import type { ProductRecord } from './products.repository.js';

export function toProductDto(p: ProductRecord, mediaBaseUrl: string): ProductDto {
  return {
    id: p.id,
    available: p.available,
    description: p.description,
    description_bn: p.descriptionBn,
    image: mediaUrl(mediaBaseUrl, p.image),
    pms: p.pms.map((pm) => ({
      account: pm.account as Wallet,
      available: pm.available,
      // A rate has up to 4 decimals and is not money: keep it whole.
      rate: Number(pm.rate),
      min: toMoneyNumber(pm.min),
      max: toMoneyNumber(pm.max),
      // The catalogue does not count orders: the public snapshot asks the orders domain (decision 112).
      limit_reached: false,
      // The method's business hours live on the method: the public snapshot fills them in.
      hours: null,
      note: '',
      note_bn: '',
    })),
  };
}
