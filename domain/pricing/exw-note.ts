/**
 * The terms every price is given on (the spec ships on EXW, Incoterms 2020): said by each quote, the cart, the quote
 * document and the checkout page. A module of its own, so the checkout's first screen names it
 * without the pricing engine (ADR 243).
 */
export const EXW_NOTE =
  'Prices are EXW (Incoterms 2020): they do not include shipping, duties or import taxes; the goods are ready for collection at our factory on the ship date, and the carrier you choose is paid separately.';
