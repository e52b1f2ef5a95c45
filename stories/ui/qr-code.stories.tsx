import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QrCode } from '#ui/qr-code';

const meta = {
  title: 'UI/QrCode',
  component: QrCode,
  args: {
    value: 'otpauth://totp/Manufacture:ops%40shop.example?secret=JBSWY3DPEHPK3PXP&issuer=Manufacture',
    label: 'QR code of your key, to scan with the authenticator app',
  },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An authenticator app's key, as the staff invitation shows it: black on white, with its quiet zone. */
export const AuthenticatorKey: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'QR code of your key, to scan with the authenticator app' })).toBeInTheDocument();
  },
};
