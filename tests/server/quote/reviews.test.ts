import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreateOrderResponse } from '#domain/api/order';
import type { Cart, QuoteFile, QuoteFileList, QuoteReview, StaffQuoteReview } from '#domain/api/quote';
import { CUBE_STL, PRINT_CONFIG, readFixture } from './quote-test-app.ts';
import { FIXTURES } from './quote-test-app.ts';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Manual review (issue 34 item 4, ADR 163): a part that cannot be priced is sent with a note and
 * attachments; staff answer by operator calls; the customer is mailed, and orders at the reviewed
 * price while it holds (30 days). Nobody else reads or sends anything of it.
 */
let t: OrderTestApp;
beforeAll(async () => {
  t = await createOrderTestApp();
});
afterAll(() => t.close());

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ONE_METRE_CUBE = `${FIXTURES}/cube-units--cube-in.step`;

function form(fields: Record<string, string>, files: { name: string; bytes: Uint8Array }[] = []): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append('attachment', new Blob([new Uint8Array(f.bytes)]), f.name);
  return body;
}

async function send(path: string, token: string | undefined, body: FormData) {
  const res = await t.fetch(`/msapi/${t.config.apiSegment}/${path}`, { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as QuoteReview & { message?: string; errors?: Record<string, string[]> } };
}

/** A customer with a second part that no machine can make: the one-metre cube. */
async function withBigPart(): Promise<{ c: Customer; big: QuoteFile; path: string }> {
  const c = await t.customer();
  const big = (await t.upload(c.projectId, c.token, await readFixture(ONE_METRE_CUBE), 'housing.step')).body;
  await t.ms(`project/${c.projectId}/files/${big.id}/configuration`, { method: 'PUT', token: c.token, body: { ...PRINT_CONFIG, quantity: 2 } });
  return { c, big, path: `project/${c.projectId}/files/${big.id}/review` };
}

const pending = async () => (await t.admin<{ list: StaffQuoteReview[] }>('admin/quote-reviews?status=pending')).body.list;

describe(`a part sent for review (${db})`, () => {
  test('sent with a note and drawings: pending, with why it could not be priced; the project shows it; one at a time', async () => {
    const { c, big, path } = await withBigPart();
    const res = await send(path, c.token, form({ note: 'Housing for a pump; can it be made in two halves?' }, [{ name: 'housing.pdf', bytes: PDF }, { name: 'photo.png', bytes: PNG }]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fileId: big.id,
      status: 'pending',
      note: 'Housing for a pump; can it be made in two halves?',
      configuration: { ...PRINT_CONFIG, quantity: 2 },
      answer: null,
      refusal: null,
    });
    expect(res.body.reasons.join(' ')).toMatch(/does not fit/);
    expect(res.body.attachments.map((a) => [a.name, a.contentType, a.sizeBytes])).toEqual([
      ['housing.pdf', 'application/pdf', PDF.length],
      ['photo.png', 'image/png', PNG.length],
    ]);
    const listed = (await t.ms<QuoteFileList>(`project/${c.projectId}/files`, { token: c.token })).body.list.find((f) => f.id === big.id)!;
    expect(listed.review).toMatchObject({ id: res.body.id, status: 'pending' });
    // The owner downloads an attachment, as it was sent.
    const download = await t.fetch(`/msapi/${t.config.apiSegment}/${res.body.attachments[0]!.path}`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''housing.pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    // Once in review, not again until answered.
    const again = await send(path, c.token, form({ note: 'Again' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('"housing.step" is already in review: our engineers answer by email.');
  });

  test('refused before anything is stored: no note, a file that is not a drawing whatever its name, too many, a visitor', async () => {
    const { c, path } = await withBigPart();
    const before = await t.storedFiles();
    expect((await send(path, c.token, form({ note: '  ' }))).body).toMatchObject({ message: 'Say what the part is for and what it needs, so that our engineers can price it.' });
    const stl = await send(path, c.token, form({ note: 'See the drawing' }, [{ name: 'drawing.pdf', bytes: await readFixture(CUBE_STL) }]));
    expect(stl).toEqual({ status: 422, body: expect.objectContaining({ message: '"drawing.pdf" is not a PDF, DXF, DWG, PNG or JPEG file (judging by its content): attach the drawing in one of those formats.' }) });
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `sheet-${i}.pdf`, bytes: PDF }));
    expect((await send(path, c.token, form({ note: 'Sheets' }, four))).body.message).toBe('Attach at most 3 files to a review request.');
    expect((await send(path, c.token, form({ note: 'x'.repeat(2001) }))).body.message).toBe('A note can be at most 2,000 characters.');
    expect(await t.storedFiles()).toEqual(before);
    // A visitor's part: an account is needed for the answer to be mailed.
    const visitor = await t.temporaryToken();
    const project = await t.project(visitor);
    const file = (await t.upload(project.id, visitor, await readFixture(ONE_METRE_CUBE), 'v.step')).body;
    expect(await send(`project/${project.id}/files/${file.id}/review`, visitor, form({ note: 'Please' }))).toEqual({
      status: 403,
      body: { message: 'Log in or sign up to send a part for review: our engineers answer by email.' },
    });
  });

  test('another account cannot send, read or download anything of it: 404, nothing stored', async () => {
    const { c, path } = await withBigPart();
    const sent = await send(path, c.token, form({ note: 'Mine' }, [{ name: 'mine.pdf', bytes: PDF }]));
    const intruder = await t.registerUser();
    const before = await t.storedFiles();
    expect((await send(path, intruder.token, form({ note: 'Theirs' }, [{ name: 'x.pdf', bytes: PDF }]))).status).toBe(404);
    const stolen = await t.fetch(`/msapi/${t.config.apiSegment}/${sent.body.attachments[0]!.path}`, { headers: { authorization: `Bearer ${intruder.token}` } });
    expect(stolen.status).toBe(404);
    expect(await t.storedFiles()).toEqual(before);
  });
});

describe(`staff answer, the customer is mailed and orders at the reviewed price (${db})`, () => {
  test('operator calls need the operator token', async () => {
    expect((await t.call('admin/quote-reviews')).status).toBe(401);
    expect((await t.call('admin/quote-reviews', { headers: { 'X-Admin-Token': 'wrong' } })).status).toBe(401);
  });

  test('a price: mailed; the part goes to the cart and the order at that price, held 30 days; another configuration is priced as any other', async () => {
    const { c, big, path } = await withBigPart();
    const sent = (await send(path, c.token, form({ note: 'In two halves, please.' }, [{ name: 'housing.pdf', bytes: PDF }]))).body;
    const staffView = (await pending()).find((r) => r.id === sent.id)!;
    expect(staffView).toMatchObject({ fileName: 'housing.step', customerEmail: c.email, projectId: c.projectId });
    const attachment = await t.fetch(`/api/${t.config.apiSegment}/${staffView.attachments[0]!.path}`, { headers: { 'X-Admin-Token': 'admin-token-for-tests-0123456789' } });
    expect(new Uint8Array(await attachment.arrayBuffer())).toEqual(PDF);

    const answered = await t.admin<StaffQuoteReview>(`admin/quote-reviews/${sent.id}/answer`, { decision: 'price', unitPrice: '485.50', leadTimeDays: 12, message: 'Made in two halves, bonded.' });
    expect(answered.status).toBe(200);
    expect(answered.body.answer).toMatchObject({ unitPriceCents: 48_550, totalCents: 97_100, leadTimeDays: 12, message: 'Made in two halves, bonded.', expired: false });
    expect((await t.admin(`admin/quote-reviews/${sent.id}/answer`, { decision: 'refuse', reason: 'No' })).status).toBe(409);
    const mail = (await t.outbox(c.email))[0]!;
    expect(mail.subject).toBe('Your part "housing.step" has a price');
    expect(mail.text).toContain('$485.50 per part, $971.00 for 2');
    expect(mail.links[0]).toMatch(new RegExp(`/manufacture/quote/${c.projectId}\\?file=${big.id}$`));

    // The file says so; into the cart at that price.
    const file = (await t.ms<QuoteFile>(`project/${c.projectId}/files/${big.id}`, { token: c.token })).body;
    expect(file.review?.answer?.expiresAt.slice(0, 10)).toBe(new Date(t.clock().getTime() + 30 * 86_400_000).toISOString().slice(0, 10));
    const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: big.id, configuration: { ...PRINT_CONFIG, quantity: 2 } }] } });
    expect(cart.status).toBe(201);
    const line = cart.body.lines.find((l) => l.fileId === big.id)!;
    expect(line).toMatchObject({ unitPriceCents: 48_550, totalCents: 97_100, leadTimeDays: 12, problem: null, reviewed: { reviewId: sent.id } });
    // Other options are not what was reviewed: the part cannot be made as it is.
    const other = await t.ms<{ message: string }>('cart/items', { token: c.token, body: { items: [{ fileId: big.id, configuration: { ...PRINT_CONFIG, quantity: 3 } }] } });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/^"housing\.step" cannot be ordered as configured/);

    const order = await t.call<CreateOrderResponse>('checkout/order', {
      token: c.token,
      body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    });
    expect(order.status).toBe(201);
    const product = order.body.order.products.find((p) => p.model.fileId === big.id)!;
    expect(product).toMatchObject({ unitPriceCents: 48_550, totalCents: 97_100, leadTimeDays: 12 });
    const stored = await t.database.db.selectFrom('order_line').select('review_id').where('file_id', '=', big.id).executeTakeFirstOrThrow();
    expect(stored.review_id).toBe(sent.id);
  });

  test('after 30 days the reviewed price no longer holds: the cart line says so and the checkout refuses it', async () => {
    const { c, big, path } = await withBigPart();
    const sent = (await send(path, c.token, form({ note: 'Please' }))).body;
    await t.admin(`admin/quote-reviews/${sent.id}/answer`, { decision: 'price', unitPrice: '100', leadTimeDays: 5 });
    await t.ms('cart/items', { token: c.token, body: { items: [{ fileId: big.id, configuration: { ...PRINT_CONFIG, quantity: 2 } }] } });
    t.clock.advance(31 * 86_400);
    // A month later the customer logs in again.
    const token = (await t.call<{ accessToken: string }>('account/login', { body: { email: c.email, password: c.password } })).body.accessToken;
    const cart = (await t.ms<Cart>('cart', { token })).body;
    const line = cart.lines.find((l) => l.fileId === big.id)!;
    expect(line.problem).toBe('review-expired');
    expect(line.problemMessage).toMatch(/^The reviewed price of "housing\.step" was held until \d{4}-\d\d-\d\d: send it for review again\.$/);
    const order = await t.call<{ message: string }>('checkout/order', {
      token,
      body: { cartItemIds: [line.id], shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    });
    expect(order.status).toBe(422);
    expect(order.body.message).toBe(line.problemMessage);
    // It can be sent for review again.
    expect((await send(path, token, form({ note: 'Again, please' }))).status).toBe(201);
  });

  test('a refusal with its reason: mailed; the part is not orderable', async () => {
    const { c, big, path } = await withBigPart();
    const sent = (await send(path, c.token, form({ note: 'One piece?' }))).body;
    expect((await t.admin(`admin/quote-reviews/${sent.id}/answer`, { decision: 'price', unitPrice: 'cheap', leadTimeDays: 5 })).body).toMatchObject({ message: 'The unit price must be US dollars, e.g. 48.50.' });
    const refused = await t.admin<StaffQuoteReview>(`admin/quote-reviews/${sent.id}/answer`, { decision: 'refuse', reason: 'One metre in one piece is beyond our machines.' });
    expect(refused.body.refusal).toMatchObject({ reason: 'One metre in one piece is beyond our machines.' });
    expect((await t.outbox(c.email))[0]!.subject).toBe('Your part "housing.step" could not be quoted');
    const file = (await t.ms<QuoteFile>(`project/${c.projectId}/files/${big.id}`, { token: c.token })).body;
    expect(file.review?.status).toBe('refused');
    expect((await t.ms('cart/items', { token: c.token, body: { items: [{ fileId: big.id }] } })).status).toBe(422);
  });
});
