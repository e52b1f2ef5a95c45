import { useState } from 'react';
import type { QuoteDocumentCreated } from '#domain/api/quote';
import { QUOTE_DOCUMENT_HOLD_DAYS } from '#domain/rules/project-rules';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { createQuoteDocument, quoteDocumentPdfUrl } from '../api.ts';

/**
 * The project's quote document: "Download quote (PDF)" and "Copy share link". Both make one
 * document (prices held 30 days, ADR 043) on first use and reuse it in this visit; the link is
 * shown in a field too, for when the clipboard is refused. The link is the server's `pageUrl`
 * (its public address, PUBLIC_URL), the read-only page `/quote/shared/{token}`.
 */
export function QuoteDocumentActions({ projectId, disabled }: { projectId: string; disabled: boolean }) {
  const [document, setDocument] = useState<QuoteDocumentCreated | null>(null);
  const [busy, setBusy] = useState<'pdf' | 'link' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'copied' | 'refused' | null>(null);
  const t = useT();
  const format = useFormat();

  const ensure = async (): Promise<QuoteDocumentCreated | null> => {
    if (document) return document;
    try {
      const created = await createQuoteDocument(projectId);
      setDocument(created);
      setError(null);
      return created;
    } catch (e) {
      setError(errorMessage(e));
      return null;
    }
  };

  const download = async () => {
    setBusy('pdf');
    const doc = await ensure();
    setBusy(null);
    if (!doc) return;
    // A plain link: the browser saves the PDF (the server names it after the quote number).
    const link = window.document.createElement('a');
    link.href = quoteDocumentPdfUrl(doc.token);
    link.download = `${doc.number}.pdf`;
    window.document.body.append(link);
    link.click();
    link.remove();
  };

  const copy = async () => {
    setBusy('link');
    const doc = await ensure();
    setBusy(null);
    if (!doc) return;
    try {
      await navigator.clipboard.writeText(doc.pageUrl);
      setCopied('copied');
    } catch {
      setCopied('refused');
    }
  };

  return (
    <section aria-labelledby="quote-document-heading" className="flex flex-col gap-2 rounded-card border border-neutral-200 bg-neutral-0 p-3">
      <h2 id="quote-document-heading" className="font-semibold">
        {t('quote.document.heading')}
      </h2>
      <p className="text-caption text-neutral-600">{t('quote.document.intro', { days: QUOTE_DOCUMENT_HOLD_DAYS })}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onPress={download} isPending={busy === 'pdf'} isDisabled={disabled}>
          {t('quote.document.download')}
        </Button>
        <Button variant="secondary" onPress={copy} isPending={busy === 'link'} isDisabled={disabled}>
          {t('quote.document.copyLink')}
        </Button>
      </div>
      {disabled && <p className="text-caption text-neutral-600">{t('quote.document.nothingYet')}</p>}
      <div role="status" className="text-caption">
        {error ? (
          <span className="text-danger-700">{error}</span>
        ) : copied === 'copied' ? (
          <span className="text-success-700">{t('quote.document.copied')}</span>
        ) : copied === 'refused' ? (
          <span className="text-danger-700">{t('error.copy')}</span>
        ) : null}
      </div>
      {document && (
        <>
          <TextField label={t('quote.document.link')} value={document.pageUrl} isReadOnly />
          <p className="text-caption text-neutral-600">{t('quote.document.validUntil', { number: document.number, date: format.dateTime(document.expiresAt, 'date') })}</p>
        </>
      )}
    </section>
  );
}
