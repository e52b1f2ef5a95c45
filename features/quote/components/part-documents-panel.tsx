import { useId, useState } from 'react';
import type { PartDocument, QuoteFile } from '#domain/api/quote';
import { MAX_PART_NOTE } from '#domain/rules/document-rules';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { saveBlob } from '#lib/save-blob';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { attachDrawing, getDocument, removeDrawing, savePartNote } from '../api.ts';
import { DocumentInput, type ChosenDocument } from './document-input.tsx';

export interface PartDocumentsPanelProps {
  projectId: string;
  fileId: string;
  fileName: string;
  note: string | null;
  drawing: PartDocument | null;
  /** The part as the server answered after a change. */
  onSaved: (file: QuoteFile) => void;
}

/**
 * A part's drawing and note (issue 34 item 5, ADR 164): one drawing (PDF, DXF, DWG, PNG or JPEG,
 * checked by content before it is sent, and again by the server) and a note for the factory. Both
 * stay with the part and go with it to the cart and the order. What happened is said politely.
 */
export function PartDocumentsPanel({ projectId, fileId, fileName, note, drawing, onSaved }: PartDocumentsPanelProps) {
  const t = useT();
  const headingId = useId();
  const [text, setText] = useState(note ?? '');
  const [chosen, setChosen] = useState<ChosenDocument[]>([]);
  const [busy, setBusy] = useState<'note' | 'drawing' | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: 'note' | 'drawing', work: () => Promise<QuoteFile>, done: string) => {
    setBusy(kind);
    setError(null);
    setStatus('');
    try {
      const file = await work();
      onSaved(file);
      setStatus(done);
      return file;
    } catch (e) {
      setError(errorMessage(e));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const upload = chosen[0];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4" data-testid="part-documents">
      <h3 id={headingId} className="font-semibold">
        {t('quote.partDocuments.heading')}
      </h3>
      {drawing ? (
        <div className="flex flex-wrap items-center gap-2 text-caption">
          <span>{t('quote.partDocuments.drawing')}</span>
          <Button
            variant="quiet"
            className="px-1 py-0 text-caption"
            aria-label={t('quote.documents.download', { name: drawing.name })}
            onPress={async () => {
              try {
                saveBlob(await getDocument(drawing.path), drawing.name);
              } catch (e) {
                setError(errorMessage(e));
              }
            }}
          >
            {drawing.name}
          </Button>
          <Button
            variant="quiet"
            className="px-1 py-0 text-caption"
            isPending={busy === 'drawing'}
            aria-label={t('quote.partDocuments.removeDrawing', { name: drawing.name })}
            onPress={() => void run('drawing', () => removeDrawing(projectId, fileId), t('quote.partDocuments.drawingRemoved', { name: fileName }))}
          >
            {t('common.remove')}
          </Button>
        </div>
      ) : (
        <p className="text-caption text-neutral-600">{t('quote.partDocuments.noDrawing')}</p>
      )}
      <DocumentInput label={drawing ? t('quote.partDocuments.replaceDrawing') : t('quote.partDocuments.attachDrawing')} chosen={chosen} onChange={setChosen} maxFiles={1} isDisabled={busy !== null} />
      {upload && !upload.problem && (
        <Button
          className="self-start"
          isPending={busy === 'drawing'}
          onPress={async () => {
            const file = await run('drawing', () => attachDrawing(projectId, fileId, upload.file), t('quote.partDocuments.drawingAttached', { name: upload.file.name, part: fileName }));
            if (file) setChosen([]);
          }}
        >
          {t('quote.partDocuments.sendDrawing')}
        </Button>
      )}
      <TextField label={t('quote.partDocuments.note')} description={t('quote.partDocuments.noteHint')} isMultiline rows={3} value={text} onChange={setText} maxLength={MAX_PART_NOTE} />
      <Button
        variant="secondary"
        className="self-start"
        isPending={busy === 'note'}
        isDisabled={text.trim() === (note ?? '')}
        onPress={() => void run('note', () => savePartNote(projectId, fileId, text), text.trim() ? t('quote.partDocuments.noteSaved') : t('quote.partDocuments.noteCleared'))}
      >
        {t('quote.partDocuments.saveNote')}
      </Button>
      {error && (
        <p role="alert" className="text-caption text-danger-700">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
    </section>
  );
}
