import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AgencyLink, AgencySummary } from '#domain/api/order';
import { ORDER_STATUS_LABELS, isPayable, type OrderStatus } from '#domain/orders/order-status';
import { addSeconds, iso, type Clock } from '../clock.ts';
import { SNAPSHOTS } from '../db/json-column.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { Payable } from '../payments/payable.ts';
import { LINK_EXPIRED, LINK_NOT_FOUND, LINK_TOKEN_PATTERN, hashToken, newToken } from './link-tokens.ts';
import { orderPayable } from './payable.ts';

/**
 * Agency payment (ADR 055): a link that lets someone without an account pay exactly one order.
 * Only the token's hash is stored; the token is shown once, to the buyer who made it.
 */
export class AgencyLinks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: { ttlSeconds: number; pageUrl: (token: string) => string },
  ) {}

  /**
   * The order a link pays, as a payable subject (ADR 180): anyone holding the token may pay it,
   * by card or bank transfer, under keys of the link's own (`agency:<link id>`).
   */
  readonly payable: Payable = {
    ...orderPayable,
    refunds: undefined,
    authorise: async (_db, caller) => {
      if (!('token' in caller)) throw new HttpError(404, LINK_NOT_FOUND);
      const link = await this.find(caller.token);
      return { subjectId: link.order_id, scope: `agency:${link.id}`, via: 'agency' };
    },
  };

  async create(order: { id: string; status: string }): Promise<AgencyLink> {
    if (!isPayable(order.status as OrderStatus)) throw new HttpError(409, `This order is ${ORDER_STATUS_LABELS[order.status as OrderStatus].toLowerCase()}: there is nothing to pay.`);
    const token = newToken();
    const now = this.clock();
    const expiresAt = iso(addSeconds(now, this.options.ttlSeconds));
    await this.db.insertInto('agency_link').values({ id: randomUUID(), order_id: order.id, token_hash: hashToken(token), created_at: iso(now), expires_at: expiresAt, revoked_at: null }).execute();
    return { token, url: this.options.pageUrl(token), expiresAt };
  }

  /** The link behind a token: 404 when unknown, 410 once expired or revoked. */
  async find(token: string) {
    if (!LINK_TOKEN_PATTERN.test(token)) throw new HttpError(404, LINK_NOT_FOUND);
    const link = await this.db.selectFrom('agency_link').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!link) throw new HttpError(404, LINK_NOT_FOUND);
    if (link.revoked_at || link.expires_at <= iso(this.clock())) throw new HttpError(410, LINK_EXPIRED);
    return link;
  }

  /** What the payer sees: whom they pay for (the billing name and company), order number, amount and products; never addresses or account details. */
  async summary(token: string): Promise<AgencySummary> {
    const link = await this.find(token);
    const row = await this.db.selectFrom('customer_order').selectAll().where('id', '=', link.order_id).executeTakeFirstOrThrow();
    const lines = await this.db.selectFrom('order_line').select(['name', 'material_name', 'quantity', 'total_cents']).where('order_id', '=', row.id).orderBy('position').execute();
    const status = row.status as OrderStatus;
    const billing = SNAPSHOTS.billing.read(row.billing);
    return {
      orderNumber: row.number,
      status,
      statusLabel: ORDER_STATUS_LABELS[status],
      amountCents: Number(row.total_cents),
      currency: 'USD',
      customerName: billing.name,
      company: billing.companyName,
      products: lines.map((l) => ({ name: l.name, material: l.material_name, quantity: Number(l.quantity), totalCents: Number(l.total_cents) })),
      payable: isPayable(status),
      expiresAt: link.expires_at,
      methods: ['card', 'bank_transfer'],
    };
  }
}
