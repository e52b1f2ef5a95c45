import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Money } from '#ui/money';

const meta = {
  title: 'UI/Money',
  component: Money,
  args: { cents: 123456 },
} satisfies Meta<typeof Money>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Money is text, not a control: the play checks what is read. (Nothing to reach by keyboard.) */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$1,234.56')).toBeVisible();
  },
};

export const AllCases: Story = {
  render: () => (
    <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-body">
      <dt className="text-neutral-600">Unit price</dt>
      <dd><Money cents={1999} /></dd>
      <dt className="text-neutral-600">Coupon</dt>
      <dd><Money cents={-500} /></dd>
      <dt className="text-neutral-600">Shipping</dt>
      <dd><Money cents={0} /></dd>
      <dt className="text-neutral-600">Bank transfer (EUR)</dt>
      <dd><Money cents={250000} currency="EUR" /></dd>
      <dt className="text-neutral-600">Bank transfer (HKD)</dt>
      <dd><Money cents={780000} currency="HKD" /></dd>
    </dl>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['$19.99', '-$5.00', '$0.00', '€2,500.00', 'HK$7,800.00']) await expect(canvas.getByText(text)).toBeVisible();
  },
};
