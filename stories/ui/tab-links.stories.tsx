import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, userEvent, within } from 'storybook/test';
import { TabLinks, type TabLinksProps } from '#ui/tab-links';
import { StateGrid, select } from './state-grid.tsx';

const VIEWS = [
  { id: 'recharges', href: '/balance', label: 'Reload records' },
  { id: 'transactions', href: '/balance?tab=transactions', label: 'Balance transactions' },
];
const secondLink = select('li:nth-child(2) a');

/** The views with the app's router stood in for: a press on a link makes its view the current one. */
function Views(props: Partial<TabLinksProps>) {
  const [current, setCurrent] = useState(props.current ?? 'recharges');
  return (
    <RouterProvider navigate={(to) => setCurrent(VIEWS.find((v) => v.href === to)?.id ?? current)} useHref={(href) => `/manufacture${href}`}>
      <div className="flex w-[28rem] flex-col gap-4">
        <TabLinks aria-label={props['aria-label'] ?? 'Balance history'} items={props.items ?? VIEWS} current={current} />
        <p>{current === 'recharges' ? 'Two reloads by card.' : 'A reload, an order paid.'}</p>
      </div>
    </RouterProvider>
  );
}

const meta = {
  title: 'UI/TabLinks',
  component: TabLinks,
  args: { 'aria-label': 'Balance history', items: VIEWS, current: 'recharges' },
  argTypes: {
    'aria-label': { control: 'text', description: 'What the views are views of: the navigation’s name.', table: { category: 'Content' } },
    items: { control: 'object', description: 'Each view: its id, its address and its name.', table: { category: 'Content' } },
    current: { control: 'inline-radio', options: ['recharges', 'transactions'], description: 'The view on screen: its link is the current page.', table: { category: 'Value' } },
  },
  render: (args) => <Views {...args} />,
} satisfies Meta<typeof TabLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab to the second view's link, Enter: it becomes the current page. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = within(canvas.getByRole('navigation', { name: 'Balance history' }));
    await expect(nav.getByRole('link', { name: 'Reload records' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Balance transactions' })).toHaveAttribute('href', '/manufacture/balance?tab=transactions');
    await userEvent.tab();
    await userEvent.tab();
    await expect(nav.getByRole('link', { name: 'Balance transactions' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(nav.getByRole('link', { name: 'Balance transactions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Reload records' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByText('A reload, an order paid.')).toBeInTheDocument();
  },
};

/** The second link in each state beside the current one: hover and focus-visible forced through RAC's attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Tab link states" states={['default', 'hover', 'focus-visible']} target={secondLink}>
      {(state) => <Views {...args} aria-label={`Balance history (${state})`} />}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link', { name: 'Balance transactions' })).toHaveLength(3);
  },
};
