import { useId, useState } from 'react';
import type { PartDocument, QuoteReview } from '#domain/api/quote';
import { MAX_PART_NOTE, MAX_REVIEW_ATTACHMENTS } from '#domain/rules/document-rules';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { saveBlob } from '#lib/save-blob';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { TextField } from '#ui/text-field';
import { getDocument } from '../api.ts';
import { DocumentInput, type ChosenDocument } from './document-input.tsx';

export interface ReviewPanelProps {
  fileName: string;
  review: QuoteReview | null;
  /** The part has no price as it is (blocked, or not priceable): the request is offered up front. */
  unpriced: boolean;
  /** Only an account can send a part for review (the answer is mailed). */
  signedIn: boolean;
  /** Where a visitor logs in and comes back to this part. */
  loginHref: string;
  sending: boolean;
  /** Why the last request failed (the server's words). */
  error: string | null;
  onSend: (note: string, files: File[]) => void;
  /** The options on screen are the reviewed ones (the reviewed price applies to them). */
  sameOptions: boolean;
  onUseReviewedOptions: () => void;
  onAddToCart: () => void;
  adding: boolean;
  /** Epoch ms now: whether a reviewed price still holds. */
  now: number;
}

/**
 * Manual review instead of a dead end (issue 34 item 4): a part that cannot be priced is sent with a
 * note and drawings; while staff price it the part is "in review"; their price (held 30 days) is
 * added to the cart like any other, or their refusal says why. A part that has a price can ask too,
 * for a material or finish the catalogue does not offer.
 */
export function ReviewPanel(props: ReviewPanelProps) {
  const { review, now } = props;
  const t = useT();
  const headingId = useId();
  const held = review?.answer && !review.answer.expired && review.answer.expiresAt > new Date(now).toISOString();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4" data-testid="review-panel">
      <h3 id={headingId} className="font-semibold">
        {review?.status === 'pending' ? t('quote.review.inReview') : review?.status === 'answered' ? t('quote.review.answered') : t('quote.review.heading')}
      </h3>
      {review?.status === 'pending' && <Pending review={review} />}
      {review?.status === 'answered' && review.answer && (
        <Answered review={review} held={!!held} sameOptions={props.sameOptions} onUseReviewedOptions={props.onUseReviewedOptions} onAddToCart={props.onAddToCart} adding={props.adding} />
      )}
      {review?.status === 'refused' && review.refusal && (
        <p className="rounded-control border border-danger-600 bg-danger-50 p-3 text-caption text-danger-700">{t('quote.review.refused', { reason: review.refusal.reason })}</p>
      )}
      {(review === null || review.status === 'refused' || (review.status === 'answered' && !held)) && <Request {...props} again={review !== null} />}
    </section>
  );
}

function Pending({ review }: { review: QuoteReview }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <p className="text-caption text-neutral-700">{t('quote.review.pendingSince', { date: format.dateTime(review.requestedAt, 'date') })}</p>
      <p className="text-caption text-neutral-900">{t('quote.review.yourNote', { note: review.note })}</p>
      <Documents documents={review.attachments} />
    </>
  );
}

function Answered({
  review,
  held,
  sameOptions,
  onUseReviewedOptions,
  onAddToCart,
  adding,
}: {
  review: QuoteReview;
  held: boolean;
  sameOptions: boolean;
  onUseReviewedOptions: () => void;
  onAddToCart: () => void;
  adding: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const a = review.answer!;
  return (
    <>
      <p className="text-body" data-testid="reviewed-price">
        {t.rich('quote.review.price', {
          unit: format.money(a.unitPriceCents),
          total: format.money(a.totalCents),
          quantity: review.configuration.quantity,
          days: a.leadTimeDays,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      {a.message && <p className="text-caption text-neutral-900">{t('quote.review.message', { message: a.message })}</p>}
      <p className="text-caption text-neutral-700">
        {held ? t('quote.review.heldUntil', { date: format.dateTime(a.expiresAt, 'date') }) : t('quote.review.expired', { date: format.dateTime(a.expiresAt, 'date') })}
      </p>
      {held && !sameOptions && (
        <div className="flex flex-col gap-2 rounded-control border border-warning-600 bg-warning-50 p-3 text-caption">
          <p>{t('quote.review.optionsChanged')}</p>
          <Button variant="secondary" className="self-start" onPress={onUseReviewedOptions}>
            {t('quote.review.useReviewed')}
          </Button>
        </div>
      )}
      {held && sameOptions && (
        <Button className="self-start" isPending={adding} onPress={onAddToCart}>
          {t('quote.review.addToCart')}
        </Button>
      )}
    </>
  );
}

function Request({ fileName, unpriced, signedIn, loginHref, sending, error, onSend, again }: ReviewPanelProps & { again: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(unpriced);
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<ChosenDocument[]>([]);
  const [tried, setTried] = useState(false);
  if (!signedIn) {
    return <p className="text-caption text-neutral-700">{t.rich(unpriced ? 'quote.review.loginUnpriced' : 'quote.review.loginPriced', { link: (chunks) => <Link href={loginHref}>{chunks}</Link> })}</p>;
  }
  if (!open) {
    return (
      <div className="flex flex-col gap-2 text-caption text-neutral-700">
        <p>{t('quote.review.askPriced')}</p>
        <Button variant="secondary" className="self-start" onPress={() => setOpen(true)}>
          {t('quote.review.ask')}
        </Button>
      </div>
    );
  }
  const noteError = tried && note.trim() === '' ? t('quote.review.noteRequired') : undefined;
  const blocked = chosen.some((c) => c.problem !== null);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (note.trim() === '' || blocked) return;
        onSend(note.trim(), chosen.map((c) => c.file));
      }}
    >
      <p className="text-caption text-neutral-700">{again ? t('quote.review.sendAgain', { name: fileName }) : unpriced ? t('quote.review.explainUnpriced') : t('quote.review.explainPriced')}</p>
      <TextField
        label={t('quote.review.note')}
        description={t('quote.review.noteHint')}
        isMultiline
        rows={4}
        value={note}
        onChange={setNote}
        maxLength={MAX_PART_NOTE}
        isRequired
        isInvalid={!!noteError}
        errorMessage={noteError}
        validationBehavior="aria"
      />
      <DocumentInput label={t('quote.review.attach')} chosen={chosen} onChange={setChosen} maxFiles={MAX_REVIEW_ATTACHMENTS} isDisabled={sending} />
      {error && (
        <p role="alert" className="text-caption text-danger-700">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" isPending={sending}>
        {t('quote.review.send')}
      </Button>
    </form>
  );
}

/** Documents kept with a part, each downloaded by its owner. */
function Documents({ documents }: { documents: readonly PartDocument[] }) {
  const t = useT();
  const [failed, setFailed] = useState<string | null>(null);
  if (documents.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <ul role="list" className="flex flex-col gap-1" aria-label={t('quote.documents.sent')}>
        {documents.map((d) => (
          <li key={d.id}>
            <Button
              variant="quiet"
              className="px-1 py-0 text-caption"
              aria-label={t('quote.documents.download', { name: d.name })}
              onPress={async () => {
                setFailed(null);
                try {
                  saveBlob(await getDocument(d.path), d.name);
                } catch (e) {
                  setFailed(errorMessage(e));
                }
              }}
            >
              {d.name}
            </Button>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-caption text-danger-700">
          {failed}
        </p>
      )}
    </div>
  );
}
