import type { Order, OrderReview } from '#domain/api/order';
import { REVIEW_FIELDS } from '#domain/rules/checkout-rules';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { RatingField } from '#ui/rating-field';
import { TextField } from '#ui/text-field';
import { reviewOrder } from '../api.ts';

const checkoutSuites = () => import('#domain/rules/checkout-suites');
const reviewSuite = lazySuite(async () => (await checkoutSuites()).reviewSuite);

type Rated = (typeof REVIEW_FIELDS)[number];

const RATING_LABELS: Readonly<Record<Rated, MessageKey>> = {
  stars: 'orders.review.stars',
  workmanship: 'orders.review.workmanship',
  product: 'orders.review.product',
  service: 'orders.review.service',
  logistics: 'orders.review.logistics',
};

/** The review form of a shipped or delivered order: stars, four ratings and comments (the review rules, as the server). */
export function ReviewForm({ orderId, onReviewed }: { orderId: string; onReviewed: (order: Order) => void }) {
  const t = useT();
  const form = useSuiteForm(reviewSuite, { stars: 0, workmanship: 0, product: 0, service: 0, logistics: 0, comments: '' }, async (values) => {
    const comments = values.comments.trim();
    onReviewed(await reviewOrder(orderId, { ...values, comments: comments || null }));
  });
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('orders.review.form')} className="flex flex-col gap-4">
      {form.formError && (
        <p role="alert" className="text-danger-700">
          {form.formError}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {REVIEW_FIELDS.map((field) => {
          const bound = form.field(field);
          return (
            <RatingField
              key={field}
              label={t(RATING_LABELS[field])}
              value={bound.value}
              onChange={(value) => {
                bound.onChange(value);
                form.touch(field);
              }}
              starLabel={(n) => t('orders.review.starLabel', { count: n, max: 5 })}
              isInvalid={bound.isInvalid}
              errorMessage={bound.errorMessage}
              isRequired
            />
          );
        })}
      </div>
      <TextField {...form.field('comments')} label={t('orders.review.comments')} isMultiline rows={3} maxLength={2000} />
      <div>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('orders.review.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** A review as given, shown back on the order. */
export function ReviewSummary({ review }: { review: OrderReview }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {REVIEW_FIELDS.map((field) => (
          <div key={field} className="contents">
            <dt className="text-neutral-700">{t(RATING_LABELS[field])}</dt>
            <dd>
              <span className="inline-flex items-center gap-2">
                <Stars value={review[field]} />
                {t('orders.review.outOf', { count: review[field], max: 5 })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {review.comments && <blockquote className="border-l-4 border-neutral-200 pl-3 text-neutral-700">{review.comments}</blockquote>}
      <p className="text-caption text-neutral-600">{t('orders.review.given', { date: format.dateTime(review.createdAt, 'date') })}</p>
    </div>
  );
}

/** Five small stars, those up to `value` filled (decorative: the words beside them say the rating). */
function Stars({ value }: { value: number }) {
  return (
    <span aria-hidden className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" strokeWidth="1.5" strokeLinejoin="round" className={n <= value ? 'size-4 fill-warning-600 stroke-warning-700' : 'size-4 fill-transparent stroke-neutral-500'}>
          <path d="M12 2.75l2.85 5.78 6.4.93-4.63 4.5 1.1 6.37L12 17.33l-5.72 3 1.1-6.37-4.63-4.5 6.4-.93z" />
        </svg>
      ))}
    </span>
  );
}
