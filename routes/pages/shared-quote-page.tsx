import { useParams } from 'wouter';
import { SharedQuote } from '#features/quote/components/shared-quote';
import { PageFrame } from '../page-frame.tsx';

/** `/quote/shared/{token}`: a shared quote, read-only, for anyone with the link (ADR 101). */
export function SharedQuotePage() {
  const { token } = useParams<{ token: string }>();
  return (
    <PageFrame>
      <SharedQuote token={token} />
    </PageFrame>
  );
}
