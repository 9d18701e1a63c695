// Products and their per-method terms in the database; returns plain objects (decimals as strings).
import type { ProductPatch } from '#shared/schemas';
import type { Prisma, Transaction } from '../db/database.js';

export interface ProductPmRecord {
  account: string;
  available: boolean;
  rate: string;
  min: string;
  max: string;
}
export interface ProductRecord {
  id: string;
  available: boolean;
  description: string;
  /** The Bengali description; '' when the admin wrote none. */
  descriptionBn: string;
  sort: number;
  /** Media name of the picture, or null. */
  image: string | null;
  pms: ProductPmRecord[];
}

type Row = {
  id: string;
  available: boolean;
  description: string;
  descriptionBn: string;
  sort: number;
  image: string | null;
  pms: {
    account: string;
    available: boolean;
    rate: { toString(): string };
    min: { toString(): string };
    max: { toString(): string };
  }[];
};

const withPms = { pms: { orderBy: { account: 'asc' as const } } };

function toRecord(row: Row): ProductRecord {
  return {
    id: row.id,
    available: row.available,
    description: row.description,
    descriptionBn: row.descriptionBn,
    sort: row.sort,
    image: row.image,
    pms: row.pms.map((pm) => ({
      account: pm.account,
      available: pm.available,
      rate: pm.rate.toString(),
      min: pm.min.toString(),
      max: pm.max.toString(),
    })),
  };
}

export function createProductsRepository(prisma: Prisma) {
  return {
    async findAll(): Promise<ProductRecord[]> {
      const rows = await prisma.product.findMany({ orderBy: [{ sort: 'asc' }, { id: 'asc' }], include: withPms });
      return rows.map(toRecord);
    },
    async findById(id: string): Promise<ProductRecord | null> {
      const row = await prisma.product.findUnique({ where: { id }, include: withPms });
      return row ? toRecord(row) : null;
    },
    /**
     * Updates the product and upserts each given method's terms, all or nothing. False when the product is
     * unknown. `alsoInTransaction` (the audit entry) sees the product before and after, and commits with them.
     */
    async update(
      id: string,
      patch: ProductPatch,
      alsoInTransaction?: (tx: Transaction, before: ProductRecord, after: ProductRecord) => Promise<void>,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        // Lock the product row: concurrent edits of one product apply one after the other.
        const found = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM products WHERE id = ${id} FOR UPDATE`;
        if (found.length === 0) return false;
        const before = toRecord(await tx.product.findUniqueOrThrow({ where: { id }, include: withPms }));
        if (patch.available !== undefined || patch.description !== undefined || patch.description_bn !== undefined) {
          await tx.product.update({
            where: { id },
            data: {
              ...(patch.available !== undefined ? { available: patch.available } : {}),
              ...(patch.description !== undefined ? { description: patch.description } : {}),
              ...(patch.description_bn !== undefined ? { descriptionBn: patch.description_bn } : {}),
            },
          });
        }
        for (const pm of patch.pms ?? []) {
          const terms = { available: pm.available, rate: pm.rate, min: pm.min, max: pm.max };
          await tx.productPm.upsert({
            where: { productId_account: { productId: id, account: pm.account } },
            create: { productId: id, account: pm.account, ...terms },
            update: terms,
          });
        }
        if (alsoInTransaction)
          await alsoInTransaction(
            tx,
            before,
            toRecord(await tx.product.findUniqueOrThrow({ where: { id }, include: withPms })),
          );
        return true;
      });
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
