import { z } from 'zod';
import { QuoteDocumentOrderedSchema, QuoteDocumentSchema } from '#domain/api/quote';
import type { AppContext } from './app-context.ts';
import { QUOTE_DOCUMENT_NOT_FOUND, orderQuoteDocument, readQuoteDocument } from '../quote/quote-document.ts';
import { renderQuotePdf } from '../quote/quote-pdf.ts';
import { ApiRouter } from './api-router.ts';
import { ownerOf } from './owner.ts';

const shareToken = () => z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** Shared quote documents (ADR 043): public and read-only, by the unguessable token in the link. */
export function quoteDocumentRoutes(ctx: AppContext): ApiRouter {
  const router = new ApiRouter('/quote-document', 'Quote documents', ctx);

  router.route({
    method: 'get',
    path: '/:file{[A-Za-z0-9_-]+\\.pdf}',
    // The regex parameter reads badly in the document: name the path as clients write it.
    documentedPath: '/quote-document/{token}.pdf',
    summary: 'A quote document as a PDF',
    description: '404 "Failed to fetch quotation data." for an unknown link; 410 once the 30-day hold has ended.',
    auth: 'public',
    params: z.object({ file: z.string().max(80) }),
    notFound: QUOTE_DOCUMENT_NOT_FOUND,
    produces: 'application/pdf',
    handler: async (c, { params }) => {
      const document = await readQuoteDocument(ctx, params.file.replace(/\.pdf$/, ''));
      const pdf = await renderQuotePdf(document);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${document.number}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  });

  router.route({
    method: 'post',
    path: '/:token/order',
    summary: 'Order a shared quote: its parts go into the caller’s cart, priced now',
    description:
      'The sender’s own parts are added as they are; anyone else gets a copy of the files in a new project of their own. 404 for an unknown link, 410 once the hold has ended or when a file is no longer kept, 422 when a part can no longer be ordered as quoted; nothing is added then.',
    auth: 'session',
    params: z.object({ token: shareToken() }),
    notFound: QUOTE_DOCUMENT_NOT_FOUND,
    response: QuoteDocumentOrderedSchema,
    status: 201,
    handler: (c, { params }) => orderQuoteDocument(ctx, ownerOf(c), params.token),
  });

  router.route({
    method: 'get',
    path: '/:token',
    summary: 'A quote document: the held lines and until when their prices hold',
    description: '404 "Failed to fetch quotation data." for an unknown link; 410 once the 30-day hold has ended.',
    auth: 'public',
    params: z.object({ token: shareToken() }),
    notFound: QUOTE_DOCUMENT_NOT_FOUND,
    response: QuoteDocumentSchema,
    handler: (c, { params }) => {
      c.header('Cache-Control', 'private, no-store');
      return readQuoteDocument(ctx, params.token);
    },
  });

  return router;
}
