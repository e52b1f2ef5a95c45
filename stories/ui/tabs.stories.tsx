import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from '#ui/tabs';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn() },
  render: (args) => (
    <Tabs {...args} className="w-[28rem]">
      <TabList aria-label="Order details">
        <Tab id="products">Products</Tab>
        <Tab id="tracking">Tracking</Tab>
        <Tab id="review">Review</Tab>
      </TabList>
      <TabPanel id="products">3 parts: bracket.stl, housing.step, lid.stl.</TabPanel>
      <TabPanel id="tracking">Shipped with tracking number 1Z999AA10123456784.</TabPanel>
      <TabPanel id="review">Rate workmanship, product, service and logistics.</TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // RAC builds collections in a second render: wait for the tabs before pressing Tab.
    const products = await canvas.findByRole('tab', { name: 'Products' });
    await userEvent.tab();
    await expect(products).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const tracking = canvas.getByRole('tab', { name: 'Tracking' });
    await expect(tracking).toHaveAttribute('aria-selected', 'true');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('tracking');
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Tracking' })).toHaveFocus();
  },
};

export const DisabledTab: Story = {
  args: { disabledKeys: ['review'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const products = await canvas.findByRole('tab', { name: 'Products' });
    await userEvent.tab();
    await expect(products).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-disabled', 'true');
  },
};
