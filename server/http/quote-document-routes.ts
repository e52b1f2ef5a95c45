import type { AppContext } from '../app-context.ts';
import { readQuoteDocument } from '../quote/quote-document.ts';
import { renderQuotePdf } from '../quote/quote-pdf.ts';
import { ApiRouter } from './api-router.ts';
import { s } from './json-schema.ts';
import { quoteSchemas as q } from './quote-schemas.ts';

/** Shared quote documents (ADR 043): public and read-only, by the unguessable token in the link. */
export function quoteDocumentRoutes(ctx: AppContext): ApiRouter {
  const router = new ApiRouter('/quote-document', 'Quote documents', { rateLimiter: ctx.rateLimiter, trustProxy: ctx.config.trustProxy });

  router.route({
    method: 'get',
    path: '/:token{[A-Za-z0-9_-]+\\.pdf}',
    summary: 'A quote document as a PDF',
    description: '404 "Failed to fetch quotation data." for an unknown link; 410 once the 30-day hold has ended.',
    auth: 'public',
    response: s.string({ format: 'binary', contentMediaType: 'application/pdf' }),
    handler: async (c) => {
      const token = (c.req.param('token') ?? '').replace(/\.pdf$/, '');
      const document = await readQuoteDocument(ctx, token);
      const pdf = await renderQuotePdf(document);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${document.number}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  });
  // The regex parameter reads badly in the document: name the path as clients write it.
  const pdfOperation = router.operations.at(-1);
  if (pdfOperation) pdfOperation.fullPath = '/quote-document/{token}.pdf';

  router.route({
    method: 'get',
    path: '/:token',
    summary: 'A quote document: the held lines and until when their prices hold',
    description: '404 "Failed to fetch quotation data." for an unknown link; 410 once the 30-day hold has ended.',
    auth: 'public',
    response: q.QuoteDocument,
    handler: async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readQuoteDocument(ctx, c.req.param('token') ?? ''));
    },
  });

  return router;
}
