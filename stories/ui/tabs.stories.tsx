import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from '#ui/tabs';
import { classNameArg, disabledArg, onSelectionChangeArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const secondTab = select('[role=tab]:nth-child(2)');

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn() },
  argTypes: {
    selectedKey: { control: 'text', description: 'The open tab (controlled).', table: { category: 'Value' } },
    defaultSelectedKey: { control: 'inline-radio', options: ['products', 'tracking', 'review'], description: 'The tab open at first.', table: { category: 'Value' } },
    disabledKeys: { control: 'object', description: 'Tabs that cannot be opened.', table: { category: 'State' } },
    keyboardActivation: { control: 'inline-radio', options: ['automatic', 'manual'], description: 'Arrow keys open a tab at once, or Enter does.', table: { category: 'Behaviour' } },
    orientation: { control: 'inline-radio', options: ['horizontal', 'vertical'], table: { category: 'Style' } },
    ...disabledArg,
    ...onSelectionChangeArg,
    ...classNameArg,
  },
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
    await waitFor(() => expect(products).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    const tracking = canvas.getByRole('tab', { name: 'Tracking' });
    await expect(tracking).toHaveAttribute('aria-selected', 'true');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('tracking');
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('tabpanel', { name: 'Tracking' })).toHaveFocus());
  },
};

export const DisabledTab: Story = {
  args: { disabledKeys: ['review'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const products = await canvas.findByRole('tab', { name: 'Products' });
    await userEvent.tab();
    await waitFor(() => expect(products).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Playground: Story = { tags: ['!test'] };

/** The second tab (Tracking) in each state beside the open one: hover and focus-visible forced through RAC's attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Tab states" states={['default', 'hover', 'focus-visible', 'disabled']} target={secondTab}>
      {(state) => (
        <Tabs {...args} disabledKeys={state === 'disabled' ? ['tracking'] : []}>
          <TabList aria-label={`Order details (${state})`}>
            <Tab id="products">Products</Tab>
            <Tab id="tracking">Tracking</Tab>
          </TabList>
          <TabPanel id="products">3 parts</TabPanel>
          <TabPanel id="tracking">Shipped</TabPanel>
        </Tabs>
      )}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('tab', { name: 'Tracking' })).toHaveLength(4);
  },
};
