import type { Formatter } from '#lib/i18n/format';
import type { Translate } from '#lib/i18n/i18n';
import type { UploadContext, uploadPhase } from '#machines/upload-machine';

/** What a person sees of a file's state, in words (for the list and for screen readers). */
export function uploadStatusText(
  phase: ReturnType<typeof uploadPhase> | string,
  context: Pick<UploadContext, 'progress' | 'importProgress' | 'error'>,
  t: Translate,
  format: Formatter,
): string {
  const percent = (fraction: number | null) => (fraction === null ? null : format.number(fraction, { style: 'percent', maximumFractionDigits: 0 }));
  switch (phase) {
    case 'checking':
      return t('quote.upload.checking');
    case 'importing': {
      const p = percent(context.importProgress);
      return p === null ? t('quote.upload.reading') : t('quote.upload.readingPercent', { percent: p });
    }
    case 'waiting':
      return t('quote.upload.readyToUpload');
    case 'uploading': {
      const p = percent(context.progress);
      return p === null ? t('quote.upload.uploading') : t('quote.upload.uploadingPercent', { percent: p });
    }
    case 'ready':
      return t('quote.upload.uploaded');
    case 'failed':
      return context.error ?? t('quote.upload.unusable');
    default:
      return '';
  }
}
