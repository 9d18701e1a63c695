// The picture column of products; swaps it under a row lock and returns the previous name to delete.
import type { Prisma } from '../db/database.js';

export function createProductImagesRepository(prisma: Prisma) {
  return {
    /** Sets `image` and returns the previous value; null when the product does not exist. */
    async swapImage(productId: string, image: string): Promise<{ previous: string | null } | null> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ image: string | null }[]>`SELECT image FROM products WHERE id = ${productId} FOR UPDATE`;
        if (rows.length === 0) return null;
        await tx.product.update({ where: { id: productId }, data: { image } });
        return { previous: rows[0].image };
      });
    },
  };
}
export type ProductImagesRepository = ReturnType<typeof createProductImagesRepository>;
