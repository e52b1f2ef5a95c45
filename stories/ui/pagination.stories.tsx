import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Pagination } from '#ui/pagination';

function Demo({ total, initialPage = 1, onPageChange }: { total: number; initialPage?: number; onPageChange?: (p: number) => void }) {
  const [page, setPage] = useState(initialPage);
  const [pageSize, setPageSize] = useState(10);
  return (
    <div className="w-[44rem] pb-64">
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={(p) => {
          setPage(p);
          onPageChange?.(p);
        }}
        onPageSizeChange={setPageSize}
      />
    </div>
  );
}

const meta = {
  title: 'UI/Pagination',
  component: Demo,
  args: { total: 64, onPageChange: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    await expect(canvas.getByText('Page 1 of 7')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.tab(); // page size
    await userEvent.tab(); // next (previous is disabled)
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Next page' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Page 2 of 7')).toBeVisible();
    await expect(canvas.getByText('11–20 of 64')).toBeVisible();
  },
};

export const LastPage: Story = {
  args: { initialPage: 7 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 7 of 7')).toBeVisible();
    await expect(canvas.getByText('61–64 of 64')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Previous page' })).toHaveFocus());
  },
};

export const PageSize: Story = {
  args: { initialPage: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const listbox = await within(document.body).findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(listbox).not.toBeInTheDocument());
    // Item 21 was first on page 3 of 10; with 20 per page it is on page 2.
    await expect(canvas.getByText('Page 2 of 4')).toBeVisible();
    await expect(canvas.getByText('21–40 of 64')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 1 of 1')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};
