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
  reasonTooLong: 'The reason can be at most 2000 characters.',
} as const;
