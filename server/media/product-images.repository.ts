// The picture column of products; swaps it under a row lock and returns the previous name to delete.
import type { Prisma, Transaction } from '../db/database.js';

export function createProductImagesRepository(prisma: Prisma) {
  return {
    /**
     * Sets `image` and returns the previous value; null when the product does not exist. `also` (the audit entry)
     * commits with the change.
     */
    async swapImage(
      productId: string,
      image: string,
      also?: (tx: Transaction, previous: string | null) => Promise<void>,
    ): Promise<{ previous: string | null } | null> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<
          { image: string | null }[]
        >`SELECT image FROM products WHERE id = ${productId} FOR UPDATE`;
        if (rows.length === 0) return null;
        await tx.product.update({ where: { id: productId }, data: { image } });
        await also?.(tx, rows[0].image);
        return { previous: rows[0].image };
      });
    },
  };
}
export type ProductImagesRepository = ReturnType<typeof createProductImagesRepository>;
