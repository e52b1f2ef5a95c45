import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '#domain/api/order';
import type { Cart, QuoteDocument, QuoteDocumentCreated, QuoteFile } from '#domain/api/quote';
import { pdfText } from './pdf-text.ts';
import { CUBE_STL, PRINT_CONFIG, readFixture } from './quote-test-app.ts';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Drawings and notes per part (issue 34 item 5, ADR 164): one drawing judged by its content and a
 * note, kept with the part, carried to the cart line and to the order's product; only the owner
 * attaches, reads or downloads them.
 */
let t: OrderTestApp;
beforeAll(async () => {
  t = await createOrderTestApp();
});
afterAll(() => t.close());

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const ms = (path: string) => `/msapi/${t.config.apiSegment}/${path}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function attach(c: Customer, token: string, name: string, bytes: Uint8Array) {
  const body = new FormData();
  body.append('drawing', new Blob([new Uint8Array(bytes)]), name);
  const res = await t.fetch(ms(`project/${c.projectId}/files/${c.file.id}/drawing`), { method: 'PUT', body, headers: auth(token) });
  return { status: res.status, body: (await res.json()) as QuoteFile & { message?: string } };
}

const note = (c: Customer, token: string, text: string) =>
  t.ms<QuoteFile & { message?: string }>(`project/${c.projectId}/files/${c.file.id}/note`, { method: 'PUT', token, body: { note: text } });

describe(`a part's drawing and note (${db})`, () => {
  test('kept with the part, in the cart line, and on the ordered product with the note as its comment; downloadable by the owner', async () => {
    const c = await t.customer();
    const attached = await attach(c, c.token, 'bracket-drawing.pdf', PDF);
    expect(attached.status).toBe(200);
    expect(attached.body.drawing).toMatchObject({ name: 'bracket-drawing.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, path: `project/${c.projectId}/files/${c.file.id}/drawing` });
    const noted = await note(c, c.token, '  M6 thread in both holes, ±0.05 on the bore.  ');
    expect(noted.status).toBe(200);
    expect(noted.body.note).toBe('M6 thread in both holes, ±0.05 on the bore.');

    const download = await t.fetch(ms(attached.body.drawing!.path), { headers: auth(c.token) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''bracket-drawing.pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: c.file.id, configuration: { ...PRINT_CONFIG, quantity: 5 } }] } });
    expect(cart.body.lines[0]).toMatchObject({ note: 'M6 thread in both holes, ±0.05 on the bore.', drawing: { name: 'bracket-drawing.pdf' } });

    const res = await t.call<{ order: Order }>('checkout/order', {
      token: c.token,
      body: {
        shippingAddressId: c.shippingAddressId,
        billingAddressId: c.billingAddressId,
        shipping: { carrier: 'dhl-express', carrierAccount: '123456789' },
        lineComments: { [cart.body.lines[0]!.id]: 'Pack the parts apart.' },
      },
    });
    expect(res.status).toBe(201);
    const product = res.body.order.products[0]!;
    expect(product.comment).toBe('M6 thread in both holes, ±0.05 on the bore.\n\nPack the parts apart.');
    expect(product.drawing).toMatchObject({ name: 'bracket-drawing.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, path: `order/${res.body.order.id}/products/${product.id}/drawing` });

    // The order keeps its drawing when the part's is replaced, and when the project is deleted.
    expect((await attach(c, c.token, 'bracket-rev-b.png', PNG)).body.drawing).toMatchObject({ name: 'bracket-rev-b.png', contentType: 'image/png' });
    expect((await t.ms(`project/${c.projectId}`, { method: 'DELETE', token: c.token })).status).toBe(200);
    const kept = await t.fetch(`/api/${t.config.apiSegment}/${product.drawing!.path}`, { headers: auth(c.token) });
    expect(kept.status).toBe(200);
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(PDF);
  });

  test('named on the quote document, its shared page and its PDF (issue 34 item 5); a part without them says nothing', async () => {
    const c = await t.customer();
    expect((await attach(c, c.token, 'bracket-drawing.pdf', PDF)).status).toBe(200);
    expect((await note(c, c.token, 'M6 thread in both holes.')).status).toBe(200);
    const created = await t.ms<QuoteDocumentCreated>(`project/${c.projectId}/quote-document`, { token: c.token, body: {} });
    expect(created.status).toBe(201);
    expect(created.body.lines[0]).toMatchObject({ drawingName: 'bracket-drawing.pdf', note: 'M6 thread in both holes.' });
    const read = await t.ms<QuoteDocument>(`quote-document/${created.body.token}`);
    expect(read.body.lines[0]).toMatchObject({ drawingName: 'bracket-drawing.pdf', note: 'M6 thread in both holes.' });
    const pdf = await t.fetch(`/msapi/${t.config.apiSegment}/quote-document/${created.body.token}.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Drawing: bracket-drawing.pdf');
    expect(text).toContain('Note: M6 thread in both holes.');

    const plain = await t.customer();
    const bare = await t.ms<QuoteDocumentCreated>(`project/${plain.projectId}/quote-document`, { token: plain.token, body: {} });
    expect(bare.body.lines[0]).toMatchObject({ drawingName: null, note: null });
  });

  test('another account cannot attach, read, download or clear them, nor download the ordered product’s drawing; no token gets 401', async () => {
    const c = await t.customer();
    await attach(c, c.token, 'bracket.pdf', PDF);
    await note(c, c.token, 'Secret tolerances');
    const order = await t.placeOrder(c);
    const other = await t.customer();

    expect((await attach(c, other.token, 'x.pdf', PDF)).status).toBe(404);
    expect((await note(c, other.token, 'mine now')).status).toBe(404);
    const path = `project/${c.projectId}/files/${c.file.id}/drawing`;
    expect((await t.fetch(ms(path), { headers: auth(other.token) })).status).toBe(404);
    expect((await t.fetch(ms(path), { method: 'DELETE', headers: auth(other.token) })).status).toBe(404);
    expect((await t.fetch(ms(path))).status).toBe(401);
    const product = order.products[0]!;
    expect(product.drawing?.name).toBe('bracket.pdf');
    const theirs = await t.fetch(`/api/${t.config.apiSegment}/${product.drawing!.path}`, { headers: auth(other.token) });
    expect(theirs.status).toBe(404);
    // Unchanged for the owner.
    const file = (await t.ms<QuoteFile>(`project/${c.projectId}/files/${c.file.id}`, { token: c.token })).body;
    expect(file).toMatchObject({ note: 'Secret tolerances', drawing: { name: 'bracket.pdf' } });
  });

  test('refused in words: a file that is not a drawing whatever its name, an empty one, a note too long; removed on request', async () => {
    const c = await t.customer();
    const before = await t.storedFiles();
    const stl = await attach(c, c.token, 'drawing.pdf', await readFixture(CUBE_STL));
    expect(stl.status).toBe(422);
    expect(stl.body.message).toBe('"drawing.pdf" is not a PDF, DXF, DWG, PNG or JPEG file (judging by its content): attach the drawing in one of those formats.');
    const empty = await attach(c, c.token, 'empty.pdf', new Uint8Array());
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('"empty.pdf" is empty.');
    const long = await note(c, c.token, 'x'.repeat(2001));
    expect(long.status).toBe(422);
    expect(await t.storedFiles()).toEqual(before);

    expect((await attach(c, c.token, 'ok.png', PNG)).status).toBe(200);
    const removed = await t.fetch(ms(`project/${c.projectId}/files/${c.file.id}/drawing`), { method: 'DELETE', headers: auth(c.token) });
    expect(((await removed.json()) as QuoteFile).drawing).toBeNull();
    expect(await t.storedFiles()).toEqual(before);
    expect((await note(c, c.token, '')).body.note).toBeNull();
  });
});
