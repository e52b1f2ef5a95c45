import { useState } from 'react';
import type { OpsReview, OpsReviewList } from '#domain/api/ops-queues';
import { processName } from '#domain/catalogue/process-choices';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { saveBlob } from '#lib/save-blob';
import { useAsync } from '#lib/use-async';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { TextField } from '#ui/text-field';
import { answerOpsReview, downloadOpsFile, listOpsReviews } from '../api.ts';
import { OpsDecisionDialog } from './ops-decision-dialog.tsx';

/** The request fields the server names in its refusals. */
const FIELD_REASON = 'reason';
const FIELD_UNIT_PRICE = 'unitPrice';
const FIELD_LEAD_TIME_DAYS = 'leadTimeDays';

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
  const [reason, setReason] = useState('');
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
      <ul className="flex flex-col gap-2">
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
          onSubmit={async () => {
            const days = Number(leadTime);
            await answerOpsReview(review.id, { decision: 'price', unitPrice: unitPrice.trim(), leadTimeDays: Number.isInteger(days) ? days : 0, message: message.trim() || undefined });
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
              <TextField label={t('opsQueues.reviews.message')} isMultiline value={message} onChange={setMessage} maxLength={2000} />
            </>
          )}
        </OpsDecisionDialog>
        <OpsDecisionDialog
          button={t('opsQueues.reviews.refuse')}
          buttonLabel={t('opsQueues.reviews.refuseFor', { part })}
          title={t('opsQueues.reviews.refuseTitle', { part })}
          submit={t('opsQueues.reviews.refuse')}
          onSubmit={async () => {
            await answerOpsReview(review.id, { decision: 'refuse', reason });
            onAnswered(t('opsQueues.reviews.refused', { part }));
          }}
        >
          {(fieldError) => (
            <TextField
              label={t('opsQueues.reason')}
              isMultiline
              value={reason}
              onChange={setReason}
              maxLength={2000}
              isRequired
              errorMessage={fieldError(FIELD_REASON)}
              isInvalid={fieldError(FIELD_REASON) !== undefined}
            />
          )}
        </OpsDecisionDialog>
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
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const reviews = useAsync<OpsReviewList>(`ops-reviews-${attempt}`, (signal) => listOpsReviews(signal));
  const answered = (message: string) => {
    setDone(message);
    announce(message);
    setAttempt((n) => n + 1);
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('opsQueues.reviews.title')}</h1>
      {done && <p className="rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700">{done}</p>}
      {reviews.status === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
          <p>{errorMessage(reviews.error)}</p>
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : reviews.status !== 'success' ? (
        <p role="status">{t('common.loading')}</p>
      ) : reviews.data.list.length === 0 ? (
        <EmptyState title={t('opsQueues.empty')} />
      ) : (
        reviews.data.list.map((review) => <ReviewCard key={review.id} review={review} onAnswered={answered} />)
      )}
    </div>
  );
}
