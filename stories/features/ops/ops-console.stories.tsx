import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OpsConsole } from '#features/ops/components/ops-console';
import { createStaffSessionStore } from '#features/ops/staff-session';
import { ScreenFrame } from '../../support/page-frame.tsx';

const meta = {
  title: 'Features/Ops/OpsConsole',
  component: OpsConsole,
  decorators: [(Story) => <ScreenFrame path="/"><Story /></ScreenFrame>],
} satisfies Meta<typeof OpsConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nobody signed in: the staff sign-in, never a customer page. */
export const SignedOut: Story = {
  args: { store: createStaffSessionStore({ kind: 'signed-out', expired: false }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
  },
};
