import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FetchError } from 'ofetch';
import { expect, test, vi } from 'vitest';
import type { QuoteFile } from '#domain/api/quote';
import { PartDocumentsPanel } from '#features/quote/components/part-documents-panel';

const api = vi.hoisted(() => ({ attachDrawing: vi.fn(), removeDrawing: vi.fn(), savePartNote: vi.fn(), getDocument: vi.fn() }));
vi.mock('#features/quote/api', () => api);
vi.mock('../../../features/quote/api.ts', () => api);

const DRAWING = { id: 'd1', name: 'bracket.pdf', contentType: 'application/pdf', sizeBytes: 9, path: 'project/p1/files/f1/drawing' };
const answered = (fields: Partial<QuoteFile>) => ({ id: 'f1', note: null, drawing: null, ...fields }) as QuoteFile;

test('a file that is not a drawing is said before it is sent; a drawing is attached and announced; the note saved, trimmed by the server', { timeout: 20_000 }, async () => {
  const onSaved = vi.fn();
  api.attachDrawing.mockResolvedValue(answered({ drawing: DRAWING }));
  api.savePartNote.mockResolvedValue(answered({ note: 'M6 threads' }));
  const { container } = render(<PartDocumentsPanel projectId="p1" fileId="f1" fileName="bracket.stl" note={null} drawing={null} onSaved={onSaved} />);
  const user = userEvent.setup();
  expect(screen.getByRole('heading', { name: 'Drawing and note' })).toBeInTheDocument();
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['solid cube\n'], 'drawing.pdf', { type: 'application/pdf' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('"drawing.pdf" is not a PDF, DXF, DWG, PNG or JPEG file (judging by its content)');
  expect(screen.queryByRole('button', { name: 'Attach the drawing' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Take out drawing.pdf' }));

  const pdf = new File(['%PDF-1.7\n'], 'bracket.pdf', { type: 'application/pdf' });
  await user.upload(input, pdf);
  await user.click(await screen.findByRole('button', { name: 'Attach the drawing' }));
  expect(api.attachDrawing).toHaveBeenCalledWith('p1', 'f1', pdf);
  expect(onSaved).toHaveBeenLastCalledWith(answered({ drawing: DRAWING }));
  expect(screen.getByRole('status')).toHaveTextContent('bracket.pdf is attached to bracket.stl.');

  expect(screen.getByRole('button', { name: 'Save the note' })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: /Note for the factory/ }), 'M6 threads ');
  await user.click(screen.getByRole('button', { name: 'Save the note' }));
  expect(api.savePartNote).toHaveBeenCalledWith('p1', 'f1', 'M6 threads ');
  expect(screen.getByRole('status')).toHaveTextContent('The note is saved.');
});

test('an attached drawing can be downloaded and removed; the server’s refusal is said', { timeout: 20_000 }, async () => {
  api.removeDrawing.mockRejectedValue(Object.assign(new FetchError('404'), { statusCode: 404, data: { message: 'File not found.' } }));
  render(<PartDocumentsPanel projectId="p1" fileId="f1" fileName="bracket.stl" note="M6" drawing={DRAWING} onSaved={vi.fn()} />);
  const user = userEvent.setup();
  expect(screen.getByRole('button', { name: 'Download bracket.pdf' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Note for the factory/ })).toHaveValue('M6');
  await user.click(screen.getByRole('button', { name: 'Remove the drawing bracket.pdf' }));
  expect(api.removeDrawing).toHaveBeenCalledWith('p1', 'f1');
  expect(await screen.findByRole('alert')).toHaveTextContent('File not found.');
});
