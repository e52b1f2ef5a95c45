import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { QuoteDocumentCreated } from '#domain/api/quote';
import { QuoteDocumentActions } from '#features/quote/components/quote-document-actions';

const TOKEN = 'WPdelE2t9jHgj31Azg6bm1uAzQ3byUPH';

const CREATED: QuoteDocumentCreated = {
  number: 'Q-20261123-7KX2QM',
  projectName: 'Drone frame',
  lines: [],
  totalCents: 5890,
  currency: 'USD',
  createdAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2026-12-23T01:00:00.000Z',
  exwNote: 'EXW',
  token: TOKEN,
  url: `http://localhost/msapi/manufacture/quote-document/${TOKEN}`,
  pdfUrl: `http://localhost/msapi/manufacture/quote-document/${TOKEN}.pdf`,
  pageUrl: `http://localhost/manufacture/quote/shared/${TOKEN}`,
};

const meta = {
  title: 'Features/Quote/QuoteDocumentActions',
  component: QuoteDocumentActions,
  args: { projectId: 'project-1', disabled: false },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
  parameters: { msw: { handlers: [http.post('*/msapi/*/project/:id/quote-document', () => HttpResponse.json(CREATED, { status: 201 }))] } },
} satisfies Meta<typeof QuoteDocumentActions>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The clipboard refused (as in a story frame): the link is shown to copy by hand, with the catalogue's words. */
export const LinkShown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    await userEvent.click(canvas.getByRole('button', { name: 'Copy share link' }));
    await expect(await canvas.findByText('Unable to copy, please copy it manually.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Share link' })).toHaveValue(CREATED.pageUrl);
    await expect(canvas.getByText('Quote Q-20261123-7KX2QM: prices held until Dec 23, 2026.')).toBeInTheDocument();
  },
};

/** Nothing uploaded yet: the buttons wait, and say for what. */
export const NothingYet: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download quote (PDF)' })).toBeDisabled();
    await expect(canvas.getByText('Available once a part is uploaded and configured.')).toBeInTheDocument();
  },
};
