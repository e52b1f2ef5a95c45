import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { QuoteDocument } from '#domain/api/quote';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { ScrollRegion } from '#ui/scroll-region';
import { useSessionActor } from '#machines/session-context';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { NoteList } from '#ui/note-list';
import { getQuoteDocument, orderQuoteDocument, quoteDocumentPdfUrl } from '../api.ts';
import { issueTemporaryTokenFor } from '../temporary-token.ts';

const FINDING_SEVERITY: Record<QuoteDocument['lines'][number]['findings'][number]['severity'], MessageKey> = {
  error: 'quote.finding.error',
  warning: 'quote.finding.warning',
  info: 'quote.finding.info',
};

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; document: QuoteDocument };

/**
 * A shared quote, read-only, for anyone with its link (a purchasing department, a colleague): the
 * parts with their options, prices and ship dates, the total, until when the prices hold, the
 * PDF, and a way to order it (the parts go to the reader's cart; ADR 101).
 */
export function SharedQuote({ token }: { token: string }) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [ordering, setOrdering] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const session = useSessionActor();
  const t = useT();
  const format = useFormat();

  useEffect(() => {
    const controller = new AbortController();
    getQuoteDocument(token, controller.signal).then(
      (document) => setState({ kind: 'ready', document }),
      (error: unknown) => !controller.signal.aborted && setState({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => controller.abort();
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="text-neutral-600">
        {t('quote.shared.loading')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    // The page keeps its heading when the quote cannot be read: a screen reader's first stop on it.
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-headline">{t('route.quoteShared.title')}</h1>
        <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 p-3 text-danger-700">
          {state.message}
        </p>
      </div>
    );
  }
  const { document } = state;
  const strong = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

  const order = async () => {
    setOrdering(true);
    setOrderError(null);
    try {
      await issueTemporaryTokenFor(session);
      await orderQuoteDocument(token);
      navigate('/checkout');
    } catch (error) {
      setOrderError(errorMessage(error));
      setOrdering(false);
    }
  };

  return (
    <article aria-labelledby="shared-quote-heading" className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 id="shared-quote-heading" className="text-headline">
          {t('quote.shared.heading', { number: document.number })}
        </h1>
        <p className="text-neutral-700">{t('quote.shared.project', { name: document.projectName })}</p>
        <p className="text-neutral-700" data-testid="valid-until">
          {t.rich('quote.shared.validUntil', { date: format.dateTime(document.expiresAt, 'date'), strong })}
        </p>
      </header>

      {/* On a phone the table scrolls by itself, in a region the keyboard can reach (WCAG 1.4.10). */}
      <ScrollRegion aria-label={t('quote.shared.parts')}>
        <table className="w-full min-w-[40rem] text-left text-body">
          <caption className="sr-only">{t('quote.shared.parts')}</caption>
          <thead className="text-caption text-neutral-600">
            <tr>
              <th scope="col" className="py-2 pr-4">{t('quote.shared.part')}</th>
              <th scope="col" className="py-2 pr-4">{t('quote.shared.options')}</th>
              <th scope="col" className="py-2 pr-4 text-right">{t('quote.shared.quantity')}</th>
              <th scope="col" className="py-2 pr-4 text-right">{t('quote.shared.unitPrice')}</th>
              <th scope="col" className="py-2 pr-4 text-right">{t('quote.shared.lineTotal')}</th>
              <th scope="col" className="py-2">{t('quote.shared.ships')}</th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, i) => (
              <tr key={`${line.fileName}-${i}`} className="border-t border-neutral-200 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {line.fileName}
                  <span className="block text-caption font-normal text-neutral-600">{line.processName}</span>
                </th>
                <td className="py-2 pr-4 text-caption">
                  {format.list([line.materialName, ...(line.colourName ? [line.colourName] : []), ...line.options])}
                  {line.drawingName && <span className="block text-neutral-700">{t('quote.shared.drawing', { name: line.drawingName })}</span>}
                  {line.note && <span className="block whitespace-pre-line text-neutral-700">{t('quote.shared.note', { note: line.note })}</span>}
                </td>
                <td className="py-2 pr-4 text-right">{format.number(line.quantity)}</td>
                <td className="py-2 pr-4 text-right">{format.money(line.unitPriceCents)}</td>
                <td className="py-2 pr-4 text-right">{format.money(line.totalCents)}</td>
                <td className="py-2 text-caption">
                  {format.date(line.shipDate, 'weekday')}
                  <span className="block text-neutral-600">{t('quote.shared.leadDays', { days: line.leadTimeDays })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      {document.lines.some((line) => line.findings.length > 0) && (
        <section aria-labelledby="shared-quote-findings" className="flex flex-col gap-2">
          <h2 id="shared-quote-findings" className="text-title">
            {t('quote.shared.findings')}
          </h2>
          <p className="text-caption text-neutral-700">{t('quote.shared.findingsIntro')}</p>
          {document.lines
            .filter((line) => line.findings.length > 0)
            .map((line, i) => (
              <div key={`${line.fileName}-${i}`}>
                <h3 className="font-semibold">{line.fileName}</h3>
                <div className="mt-1">
                  <NoteList
                    notes={line.findings.map((f) => ({
                      id: `${f.code}-${f.message}`,
                      tone: f.severity === 'error' ? 'danger' : 'neutral',
                      lead: t.rich('quote.finding.line', { severity: t(FINDING_SEVERITY[f.severity]), message: f.message, strong }),
                      detail: f.fixHint,
                    }))}
                  />
                </div>
              </div>
            ))}
        </section>
      )}

      <p className="text-title" data-testid="shared-total">
        {t.rich('quote.shared.total', { total: format.money(document.totalCents), strong })}
      </p>
      <p className="text-caption text-neutral-600">{document.exwNote}</p>

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-4">
          <Button onPress={order} isPending={ordering}>
            {t('quote.shared.order')}
          </Button>
          <Link href={quoteDocumentPdfUrl(token)} download={`${document.number}.pdf`}>
            {t('quote.shared.pdf')}
          </Link>
        </div>
        <p className="text-caption text-neutral-600">{t('quote.shared.orderHint')}</p>
        {orderError && (
          <p role="alert" className="text-danger-700">
            {orderError}
          </p>
        )}
      </div>
    </article>
  );
}
