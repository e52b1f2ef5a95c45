/**
 * Shipping terms (spec section 9: EXW, Incoterms 2020, via named carriers). Under EXW the goods are
 * made ready at our factory on the ship date; the buyer's carrier (on the buyer's own account) or
 * the buyer's freight forwarder collects them, and the buyer pays freight, duties and import taxes.
 * So an order names the carrier and the buyer's account with it, and the order total has no freight.
 */

export const INCOTERM = 'EXW' as const;
export type Incoterm = typeof INCOTERM;

export const EXW_EXPLANATION =
  'EXW (Ex Works, Incoterms 2020): your parts are packed and ready for collection at our factory on the ship date. ' +
  'The carrier you choose collects them on your account with it, and bills you directly for freight; duties and import taxes ' +
  'are yours too. The order total therefore includes no shipping.';

export interface Carrier {
  id: CarrierId;
  name: string;
  /** What `carrierAccount` must hold for this carrier. */
  accountLabel: string;
  /** Typical door-to-door time once collected, working days (for guidance only). */
  transitDays: [number, number];
}

export const CARRIERS = [
  { id: 'dhl-express', name: 'DHL Express', accountLabel: 'DHL Express account number', transitDays: [2, 5] },
  { id: 'fedex-international-priority', name: 'FedEx International Priority', accountLabel: 'FedEx account number', transitDays: [2, 5] },
  { id: 'ups-worldwide-saver', name: 'UPS Worldwide Saver', accountLabel: 'UPS account number', transitDays: [3, 6] },
  { id: 'tnt-express', name: 'TNT Express', accountLabel: 'TNT account number', transitDays: [3, 7] },
  { id: 'own-forwarder', name: 'My own freight forwarder', accountLabel: 'Forwarder name and contact (email or phone)', transitDays: [5, 30] },
] as const satisfies readonly { id: string; name: string; accountLabel: string; transitDays: readonly [number, number] }[];

export type CarrierId = (typeof CARRIERS)[number]['id'];

export function findCarrier(id: unknown): (typeof CARRIERS)[number] | undefined {
  return CARRIERS.find((c) => c.id === id);
}
