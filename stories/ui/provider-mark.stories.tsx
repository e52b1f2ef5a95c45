import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '#ui/button';
import { ProviderMark } from '#ui/provider-mark';

/** The marks of the sign-in providers, as they sit on the quick-login buttons. */
function Marks() {
  return (
    <div className="flex max-w-sm flex-col gap-2">
      {[
        ['google', 'Google'],
        ['microsoft', 'Microsoft'],
        ['github', 'GitHub'],
        ['acme', 'Acme ID'],
      ].map(([provider, name]) => (
        <Button key={provider} variant="secondary">
          <ProviderMark provider={provider!} />
          Continue with {name}
        </Button>
      ))}
    </div>
  );
}

const meta = { title: 'UI/ProviderMark', component: Marks } satisfies Meta<typeof Marks>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnButtons: Story = {
  play: async ({ canvasElement }) => {
    // The marks add nothing to the buttons' names.
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Continue with Acme ID' })).toBeInTheDocument();
  },
};
