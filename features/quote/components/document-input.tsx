import { useId } from 'react';
import { FileTrigger } from '#ui/file-trigger';
import { DOCUMENT_EXTENSIONS, DOCUMENT_HEAD_BYTES, detectDocumentType, documentProblem } from '#domain/rules/document-rules';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';

/**
 * What is wrong with a document before it is sent, in the domain's words (the server says the
 * same): empty, too large, or not a drawing judging by its first bytes. Null when it can go.
 */
export async function checkDocument(file: File): Promise<string | null> {
  const head = file.size > 0 ? new Uint8Array(await file.slice(0, DOCUMENT_HEAD_BYTES).arrayBuffer()) : new Uint8Array();
  return documentProblem({ name: file.name, sizeBytes: file.size, type: detectDocumentType(head) });
}

export interface ChosenDocument {
  file: File;
  /** Why it cannot be sent, or null. */
  problem: string | null;
}

/**
 * Choosing drawings or pictures (PDF, DXF, DWG, PNG, JPEG) to send: the button, then each file
 * chosen with its size, what is wrong with it (checked by content at once), and a way to take it out.
 */
export function DocumentInput({
  label,
  chosen,
  onChange,
  maxFiles,
  isDisabled = false,
}: {
  label: string;
  chosen: readonly ChosenDocument[];
  onChange: (chosen: ChosenDocument[]) => void;
  maxFiles: number;
  isDisabled?: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const listId = useId();
  const add = async (files: File[]) => {
    const checked = await Promise.all(files.map(async (file) => ({ file, problem: await checkDocument(file) })));
    onChange([...chosen, ...checked].slice(0, maxFiles));
  };
  return (
    <div className="flex flex-col gap-2">
      <FileTrigger allowsMultiple={maxFiles > 1} acceptedFileTypes={[...DOCUMENT_EXTENSIONS]} onSelect={(list) => list && void add([...list])}>
        <Button variant="secondary" className="self-start" isDisabled={isDisabled || chosen.length >= maxFiles} aria-describedby={listId}>
          {label}
        </Button>
      </FileTrigger>
      <p id={listId} className="text-caption text-neutral-600">
        {t('quote.documents.limits', { count: maxFiles })}
      </p>
      {chosen.length > 0 && (
        <ul role="list" className="flex flex-col gap-1" aria-label={t('quote.documents.chosen')}>
          {chosen.map((c, i) => (
            <li key={`${c.file.name}-${i}`} className="flex flex-wrap items-center gap-2 text-caption">
              <span className="font-medium break-all">{c.file.name}</span>
              <span className="text-neutral-600">{t('quote.documents.size', { size: format.number(Math.max(1, c.file.size / 1024), { maximumFractionDigits: 0 }) })}</span>
              {c.problem && (
                <span role="alert" className="basis-full text-danger-700">
                  {c.problem}
                </span>
              )}
              <Button variant="quiet" className="px-1 py-0 text-caption" aria-label={t('quote.documents.remove', { name: c.file.name })} onPress={() => onChange(chosen.filter((_, j) => j !== i))}>
                {t('common.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
