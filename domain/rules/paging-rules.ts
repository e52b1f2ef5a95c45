/** Paginated lists (spec section 3: page and pageSize): the sizes every list uses, client and server. */

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Far beyond any list a customer has; bounds the offset a query can ask for. */
export const MAX_PAGE = 100_000;
