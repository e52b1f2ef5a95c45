import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OpsCustomerList } from '#features/ops/components/ops-customer-list';
import { opsCustomerSummary } from '../../support/ops-customer-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/ops/customers';
const customers = [
  opsCustomerSummary(),
  opsCustomerSummary({ id: 'c-2', email: 'grace@gearbox.example', name: 'Grace Hopper', company: 'Gearbox Works', customerNumber: 'C100043', successManager: { name: 'Sam Success', email: 'sam@shop.example' }, balanceCents: 0 }),
  opsCustomerSummary({ id: 'c-3', email: 'lin@studio.example', name: 'lin@studio.example', company: null, customerNumber: 'C100044', balanceCents: 12_050 }),
];

const meta = {
  title: 'Features/Ops/OpsCustomerList',
  component: OpsCustomerList,
  decorators: [(Story) => <ScreenFrame path="/ops/customers"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.get(list, ({ request }) => {
          const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
          const found = customers.filter((c) => !q || [c.email, c.name, c.company ?? ''].some((v) => v.toLowerCase().includes(q)));
          return HttpResponse.json({ list: found, total: found.length, page: 1, pageSize: 20 });
        }),
      ],
    },
  },
} satisfies Meta<typeof OpsCustomerList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every customer the staff member may see, newest first, with their success manager and balance. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Grace Hopper' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getByRole('row', { name: /Ada Buyer/ })).toHaveTextContent('$25.00');
  },
};

/** Searched by part of the company, typed and sent with Enter. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Ada Buyer' }, { timeout: 10_000 });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Email, name or company' }), 'gearbox{Enter}');
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Ada Buyer' })).not.toBeInTheDocument(), { timeout: 10_000 });
    await expect(await canvas.findByRole('link', { name: 'Grace Hopper' }, { timeout: 10_000 })).toBeInTheDocument();
  },
};

/** A search that finds nobody says so and offers the whole list back. */
export const NoMatch: Story = {
  decorators: [(Story) => <ScreenFrame path="/ops/customers?q=nobody"><Story /></ScreenFrame>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No customer matches this search.' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show all customers' })).toBeInTheDocument();
  },
};
