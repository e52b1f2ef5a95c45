import type { Formatter } from '#lib/i18n/format';
import type { Translate } from '#lib/i18n/i18n';
import type { UploadContext } from '#machines/upload-machine';

/** What a person sees of a file's state, in words (for the list and for screen readers). */
export function uploadStatusText(state: string, context: Pick<UploadContext, 'progress' | 'error'>, t: Translate, format: Formatter): string {
  const percent = context.progress === null ? null : format.number(context.progress, { style: 'percent', maximumFractionDigits: 0 });
  switch (state) {
    case 'checking':
      return t('quote.upload.checking');
    case 'importing':
      return percent === null ? t('quote.upload.reading') : t('quote.upload.readingPercent', { percent });
    case 'preview':
      return t('quote.upload.readyToUpload');
    case 'uploading':
      return percent === null ? t('quote.upload.uploading') : t('quote.upload.uploadingPercent', { percent });
    case 'ready':
      return t('quote.upload.uploaded');
    case 'failed':
      return context.error ?? t('quote.upload.unusable');
    default:
      return '';
  }
}
