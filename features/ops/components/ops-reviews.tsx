import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OpsReview } from '#domain/api/ops-queues';
import type { QuoteReviewAnswerInput } from '#domain/api/quote';
import { processName } from '#domain/catalogue/process-choices';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { saveBlob } from '#lib/save-blob';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { answerOpsReview, downloadOpsFile, listOpsReviews } from '../api.ts';
import { OpsDecisionDialog, OpsRefuseDialog } from './ops-decision-dialog.tsx';
import { OpsQueue, useDoneMessage } from './ops-queue.tsx';

/** The request fields of a priced answer the server names in its refusals. */
const FIELD_UNIT_PRICE = 'unitPrice';
const FIELD_LEAD_TIME_DAYS = 'leadTimeDays';
const FIELD_MESSAGE = 'message';

function Download({ path, name, label }: { path: string; name: string; label: string }) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{label}</span>
      <Button
        variant="secondary"
        aria-label={t('opsQueues.reviews.download', { name })}
        onPress={() => {
          setFailure(null);
          downloadOpsFile(path).then(
            (blob) => saveBlob(blob, name),
            (error: unknown) => setFailure(errorMessage(error)),
          );
        }}
      >
        {t('opsQueues.reviews.download', { name: '' }).trim()}
      </Button>
      {failure && <span role="alert">{failure}</span>}
    </span>
  );
}

function ReviewCard({ review, onAnswered }: { review: OpsReview; onAnswered: (message: string) => void }) {
  const t = useT();
  const format = useFormat();
  const [unitPrice, setUnitPrice] = useState('');
  const [leadTime, setLeadTime] = useState('');
  const [message, setMessage] = useState('');
  const client = useQueryClient();
  // An answer takes the review out of the queue (not awaited: the dialog closes and it is said first).
  const answer = useMutation({
    mutationFn: (body: QuoteReviewAnswerInput) => answerOpsReview(review.id, body),
    onSuccess: () => void changed(client, queryKeys.ops.reviews),
  });
  const part = review.fileName;
  const headingId = `review-${review.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <h2 id={headingId} className="font-semibold text-neutral-900">
        {t('opsQueues.reviews.heading', { part, project: review.projectName })}
      </h2>
      <p>{t('opsQueues.reviews.customer', { email: review.customerEmail })}</p>
      <p className="text-neutral-700">{t('opsQueues.reviews.sent', { date: format.dateTime(review.requestedAt) })}</p>
      <p>{t('opsQueues.reviews.asked', { quantity: review.configuration.quantity, process: processName(review.configuration.process) })}</p>
      <h3 className="font-semibold">{t('opsQueues.reviews.note')}</h3>
      <p className="whitespace-pre-line">{review.note}</p>
      {review.partNote && (
        <>
          <h3 className="font-semibold">{t('opsQueues.reviews.partNote')}</h3>
          <p className="whitespace-pre-line">{review.partNote}</p>
        </>
      )}
      <h3 className="font-semibold">{t('opsQueues.reviews.why')}</h3>
      {review.reasons.length > 0 ? (
        <ul className="list-disc pl-6">
          {review.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <p>{t('opsQueues.reviews.noReasons')}</p>
      )}
      <h3 className="font-semibold">{t('opsQueues.reviews.findings')}</h3>
      {review.findings.length > 0 ? (
        <ul className="list-disc pl-6">
          {review.findings.map((f, i) => (
            <li key={`${f.code}-${i}`}>{f.message}</li>
          ))}
        </ul>
      ) : (
        <p>{t('opsQueues.reviews.noFindings')}</p>
      )}
      <h3 className="font-semibold">{t('opsQueues.reviews.files')}</h3>
      <ul role="list" className="flex flex-col gap-2">
        <li>{review.model ? <Download path={review.model.path} name={review.model.name} label={t('opsQueues.reviews.model', { name: review.model.name })} /> : t('opsQueues.reviews.modelRemoved')}</li>
        {review.drawing && (
          <li>
            <Download path={review.drawing.path} name={review.drawing.name} label={t('opsQueues.reviews.drawing', { name: review.drawing.name })} />
          </li>
        )}
        {review.attachments.map((a) => (
          <li key={a.id}>
            <Download path={a.path} name={a.name} label={t('opsQueues.reviews.attachment', { name: a.name })} />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <OpsDecisionDialog
          variant="primary"
          button={t('opsQueues.reviews.price')}
          buttonLabel={t('opsQueues.reviews.priceFor', { part })}
          title={t('opsQueues.reviews.priceTitle', { part })}
          submit={t('opsQueues.reviews.send')}
          fields={[FIELD_UNIT_PRICE, FIELD_LEAD_TIME_DAYS, FIELD_MESSAGE]}
          onSubmit={async () => {
            const days = Number(leadTime);
            await answer.mutateAsync({ decision: 'price', unitPrice: unitPrice.trim(), leadTimeDays: Number.isInteger(days) ? days : 0, message: message.trim() || undefined });
            onAnswered(t('opsQueues.reviews.answered', { part }));
          }}
        >
          {(fieldError) => (
            <>
              <TextField
                label={t('opsQueues.reviews.unitPrice')}
                description={t('opsQueues.reviews.unitPriceHint')}
                inputMode="decimal"
                value={unitPrice}
                onChange={setUnitPrice}
                isRequired
                errorMessage={fieldError(FIELD_UNIT_PRICE)}
                isInvalid={fieldError(FIELD_UNIT_PRICE) !== undefined}
              />
              <TextField
                label={t('opsQueues.reviews.leadTime')}
                inputMode="numeric"
                value={leadTime}
                onChange={setLeadTime}
                isRequired
                errorMessage={fieldError(FIELD_LEAD_TIME_DAYS) ? t('opsQueues.reviews.leadTimeWrong') : undefined}
                isInvalid={fieldError(FIELD_LEAD_TIME_DAYS) !== undefined}
              />
              <TextField
                label={t('opsQueues.reviews.message')}
                isMultiline
                value={message}
                onChange={setMessage}
                maxLength={2000}
                errorMessage={fieldError(FIELD_MESSAGE)}
                isInvalid={fieldError(FIELD_MESSAGE) !== undefined}
              />
            </>
          )}
        </OpsDecisionDialog>
        <OpsRefuseDialog
          refuse={t('opsQueues.reviews.refuse')}
          buttonLabel={t('opsQueues.reviews.refuseFor', { part })}
          title={t('opsQueues.reviews.refuseTitle', { part })}
          onRefuse={async (reason) => {
            await answer.mutateAsync({ decision: 'refuse', reason });
            onAnswered(t('opsQueues.reviews.refused', { part }));
          }}
        />
      </div>
    </article>
  );
}

/**
 * Parts waiting for manual review (issue 38 item 5, ADR 201), the oldest first: what the customer
 * sent (note, attachments), the part (findings, note, drawing, model file), answered with a price
 * and a lead time or refused with a reason; the customer is mailed by the reviews' own answer.
 */
export function OpsReviews() {
  const t = useT();
  const [done, answered] = useDoneMessage();
  const reviews = useQuery({ queryKey: queryKeys.ops.reviews, queryFn: ({ signal }) => listOpsReviews(signal) });
  return (
    <OpsQueue title={t('opsQueues.reviews.title')} queue={reviews} done={done}>
      {(review) => <ReviewCard key={review.id} review={review} onAnswered={answered} />}
    </OpsQueue>
  );
}
