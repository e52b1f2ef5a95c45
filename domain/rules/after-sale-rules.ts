/**
 * After-sale (refabrication) rules of spec section 5: order number required, Wedo order number
 * required, at least one product selected, each selected product's quantity filled in, and the
 * refabricate quantity must not exceed the original.
 */
export const AFTER_SALE_MESSAGES = {
  orderNumberRequired: 'Order number is required.',
  wedoOrderNumberRequired: 'Wedo order number is required.',
  productRequired: 'Please select at least one product.',
  quantityRequired: 'Please fill in the quantity of each selected product.',
  quantityTooLarge: (original: number) => `The refabricate quantity must not exceed the original quantity (${original}).`,
  productUnknown: 'This product is not part of the order.',
  /**
   * Across requests (issue 32 item 3): the line's open and accepted requests already claim
   * `claimed` of the `original` ordered, so at most `original - claimed` can be asked for now.
   */
  quantityAlreadyClaimed: (original: number, claimed: number) =>
    original - claimed <= 0
      ? `All ${original} ordered are already in your earlier after-sale requests; none can be requested again.`
      : `Only ${original - claimed} of the ${original} ordered can still be requested: ${claimed} ${claimed === 1 ? 'is' : 'are'} already in your earlier after-sale requests.`,
  reasonTooLong: 'The reason can be at most 2000 characters.',
} as const;
