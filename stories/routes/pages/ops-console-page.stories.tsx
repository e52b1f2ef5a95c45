import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OpsConsolePage } from '#routes/pages/ops-console-page';
import { ScreenFrame } from '../../support/page-frame.tsx';

const meta = {
  title: 'Routes/Pages/OpsConsolePage',
  component: OpsConsolePage,
  decorators: [(Story) => <ScreenFrame path="/"><Story /></ScreenFrame>],
} satisfies Meta<typeof OpsConsolePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /manufacture/ops/ without a staff session: the staff sign-in. */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
  },
};
