/**
 * The fixed cash-desk address a customer picks in 1xBet's withdrawal form (product.md §2.5: "a fixed city and street").
 * Shown in every language as written here, because the customer types it into 1xBet exactly like this.
 */
export const WITHDRAW_ADDRESS = { city: 'Dhaka', street: 'Motijheel' } as const;
