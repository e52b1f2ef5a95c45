import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, within } from 'storybook/test';
import { UploadHistory } from '#features/orders/components/upload-history';
import { page, upload } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/msapi/*/project/upload-history';
const uploads = page([
  upload(),
  upload({ id: 'u2', name: 'lid.step', sizeBytes: 812_000, format: 'step', uploadedAt: '2026-11-19T14:10:00.000Z', expiresAt: '2027-02-19T14:10:00.000Z' }),
  upload({ id: 'u3', name: 'gearbox-housing-assembly-final-v7.3mf', sizeBytes: 38_400_000, format: '3mf', projectId: 'p3', projectName: 'Gearbox', uploadedAt: '2026-10-02T08:00:00.000Z', expiresAt: '2027-01-02T08:00:00.000Z' }),
]);

const meta = {
  title: 'Features/Orders/UploadHistory',
  component: UploadHistory,
  decorators: [(Story) => <ScreenFrame path="/user/order/upload-history"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(uploads))] } },
} satisfies Meta<typeof UploadHistory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Files of the last 3 months: name, size, date, project (a link), until when each is kept. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Gearbox' })).toHaveAttribute('href', '/user/project/fileList/p3');
    await expect(canvas.getByText(/We keep the files you upload for 3 months/)).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No uploads in the last months' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.get(list, async () => { await delay('infinite'); return HttpResponse.json(page([])); })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json({}, { status: 500 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Unknown error');
  },
};
