import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ContactForm } from '#features/account/components/contact-form';
import { AppFrame } from '../../support/app-frame.tsx';

const contact = '*/api/*/account/contactUs';

const meta = {
  title: 'Features/Account/ContactForm',
  component: ContactForm,
  args: { name: 'Dana Demo', email: 'dana@example.com' },
  decorators: [(Story) => <AppFrame path="/contact-us"><Story /></AppFrame>],
  parameters: { msw: { handlers: [http.post(contact, () => HttpResponse.json({ ok: true, message: 'Thank you; we reply within 24 hours.' }, { status: 201 }))] } },
} satisfies Meta<typeof ContactForm>;
export default meta;
type Story = StoryObj<typeof meta>;

async function write(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Subject' }), 'Late parcel');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Where is my order?');
  await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
}

export const Default: Story = {};

/** A visitor, from an order's page: nothing filled in but the order number. */
export const Visitor: Story = { args: { name: '', email: '', orderNumber: 'W25000412' } };

export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('Please enter a subject.'), { timeout: 5000 });
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    await write(canvasElement);
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Thank you; we reply within 24 hours.');
  },
};

export const RateLimited: Story = {
  parameters: { msw: { handlers: [http.post(contact, () => HttpResponse.json({ message: 'Too many attempts; please try again in 540 seconds.' }, { status: 429 }))] } },
  play: async ({ canvasElement }) => {
    await write(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Too many attempts');
  },
};

export const Pending: Story = {
  parameters: { msw: { handlers: [http.post(contact, async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await write(canvasElement);
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};
