import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { StaffList } from '#features/ops/components/staff-list';
import { ScreenFrame } from '../../support/page-frame.tsx';

const meta = {
  title: 'Features/Ops/StaffList',
  component: StaffList,
  decorators: [(Story) => <ScreenFrame path="/ops/staff"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/*/ops/staff', () =>
          HttpResponse.json({
            list: [
              { id: 's1', email: 'ada@shop.example', name: 'Ada Admin', role: 'admin', createdAt: '2026-11-01T09:00:00.000Z', disabled: false },
              { id: 's2', email: 'olga@shop.example', name: 'Olga Operator', role: 'operator', createdAt: '2026-11-02T09:00:00.000Z', disabled: false },
              { id: 's3', email: 'sam@shop.example', name: 'Sam Success', role: 'success_manager', createdAt: '2026-11-03T09:00:00.000Z', disabled: true },
            ],
          }),
        ),
      ],
    },
  },
} satisfies Meta<typeof StaffList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The staff and their roles (admin only). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('row', { name: /Sam Success \(disabled\)/ })).toHaveTextContent('Customer success manager');
  },
};
