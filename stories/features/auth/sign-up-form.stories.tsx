import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within, waitFor } from 'storybook/test';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { AppFrame } from '../../support/app-frame.tsx';

// A fixed captcha image, so the screenshot is the same every run.
const captchaSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><rect width="150" height="50" fill="#f4f6f8"/><text x="20" y="34" font-size="28" font-family="monospace" fill="#184a9f">k7w3p</text></svg>';
const captcha = http.get('*/api/*/tools/captchaImage', () =>
  HttpResponse.json({ captchaId: 'captcha-1', image: `data:image/svg+xml;base64,${btoa(captchaSvg)}`, expiresIn: 300 }),
);
// A real ALTCHA challenge made cheap (10 PBKDF2 rounds; counter 12 solves it), so the worker proves it at once.
const challenge = http.get('*/api/*/tools/captchaChallenge', () =>
  HttpResponse.json({
    captchaId: 'challenge-1',
    challenge: {
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      keyLength: 32,
      keyPrefix: '63844381039aa804ebdacd7d7b25cda2',
      nonce: '0eac1dd28ac282338e88d261636097ce',
      salt: '41b3cd939fc22382f69df541f7c19cc9',
    },
    expiresIn: 300,
  }),
);
const phoneCodes = http.get('*/api/*/tools/countryList', () =>
  HttpResponse.json([
    { id: 'FR-33', countryCode: 'FR', countryName: 'France', phoneCode: '+33' },
    { id: 'GB-44', countryCode: 'GB', countryName: 'United Kingdom', phoneCode: '+44' },
  ]),
);

const meta = {
  title: 'Features/Auth/SignUpForm',
  component: SignUpForm,
  decorators: [(Story) => <AppFrame path="/signup"><Story /></AppFrame>],
  parameters: { msw: { handlers: [captcha, challenge, phoneCodes] } },
} satisfies Meta<typeof SignUpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillRequired(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await userEvent.type(canvas.getByLabelText('Password'), 'secret-1');
  await userEvent.type(canvas.getByLabelText('Confirm password'), 'secret-1');
  await userEvent.type(canvas.getByRole('textbox', { name: 'First name' }), 'Ada');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await canvas.findByRole('img', { name: /CAPTCHA/ });
  await userEvent.type(canvas.getByRole('textbox', { name: 'Characters in the image' }), 'k7w3p');
  await userEvent.click(canvas.getByText('I agree to the terms of use and the privacy policy'));
  return canvas;
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'CAPTCHA: type the characters shown' })).toBeInTheDocument();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus());
  },
};

export const Registered: Story = {
  parameters: {
    msw: { handlers: [captcha, phoneCodes, http.post('*/api/*/account/register', () => HttpResponse.json({ email: 'ada@example.com', activationRequired: true }, { status: 201 }))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await fillRequired(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('Check your email')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  },
};

export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: /CAPTCHA/ });
    await userEvent.type(canvas.getByLabelText('Password'), 'abc');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'abd');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required.'), { timeout: 5000 });
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 6 characters./);
    await expect(canvas.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords must match.');
    await expect(canvas.getByText('Please agree to the terms.')).toBeInTheDocument();
  },
};

export const EmailAlreadyRegistered: Story = {
  parameters: {
    msw: {
      handlers: [
        captcha,
        phoneCodes,
        http.post('*/api/*/account/register', () => HttpResponse.json({ message: 'The email is already registered; activate it via email.' }, { status: 409 })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await fillRequired(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The email is already registered; activate it via email.');
  },
};

/** The way through for anyone who cannot read the image: pressed from the keyboard, worked, verified. */
export const WithoutTheImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: /CAPTCHA/ });
    const toggle = canvas.getByRole('button', { name: 'Can’t read the image? Verify without it' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Verified: you can create your account.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Use the image instead' })).toHaveFocus();
    await expect(canvas.queryByRole('textbox', { name: 'Characters in the image' })).not.toBeInTheDocument();
  },
};

/** While the browser works: an indeterminate bar and the words in the live region. */
export const WithoutTheImageWorking: Story = {
  parameters: {
    msw: { handlers: [captcha, phoneCodes, http.get('*/api/*/tools/captchaChallenge', async () => { await delay('infinite'); return HttpResponse.json({}); })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: /CAPTCHA/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Can’t read the image? Verify without it' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Verifying without the image' })).toBeInTheDocument();
    await expect(canvas.getByText(/Your browser is checking that you are a person/)).toBeInTheDocument();
  },
};
