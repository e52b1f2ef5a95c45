import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { lazyAfterFirstInput } from '#ui/after-first-input';

interface Props {
  label: string;
  defaultOpen?: boolean;
}

/** A control whose load the test releases when it likes. */
function held() {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const seen: Props[] = [];
  function Control(props: Props) {
    seen.push(props);
    return <button type="button">{`${props.label} (${props.defaultOpen ? 'open' : 'closed'})`}</button>;
  }
  const load = vi.fn(async () => {
    await arrived;
    return Control;
  });
  return { load, release, seen };
}

const standIn = (label: string) => (
  <button type="button" aria-haspopup="listbox">
    {label}
  </button>
);

beforeEach(() => document.documentElement.removeAttribute('data-first-input'));

test('nothing is fetched until the first input on the page; then the control replaces its stand-in (ADR 189)', async () => {
  const control = held();
  const Lazy = lazyAfterFirstInput(control.load);
  render(
    <>
      <input aria-label="Name" />
      <Lazy props={{ label: 'Title' }} standIn={standIn('Title')} />
    </>,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(control.load).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
  expect(control.load).toHaveBeenCalledTimes(1);
  control.release();
  expect(await screen.findByRole('button', { name: 'Title (closed)' })).toBeInTheDocument();
  // The focus stays where the visitor put it.
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
});

test('a stand-in reached by Tab and pressed before the code arrives hands the focus and the press to the control', async () => {
  const control = held();
  const Lazy = lazyAfterFirstInput(control.load, (props, pressed) => (pressed ? { ...props, defaultOpen: true } : props));
  render(<Lazy props={{ label: 'Title' }} standIn={standIn('Title')} />);
  // Tab is the first input: the fetch starts, and the stand-in has the focus.
  await userEvent.tab();
  expect(control.load).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Title' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  control.release();
  const arrived = await screen.findByRole('button', { name: 'Title (open)' });
  await waitFor(() => expect(arrived).toHaveFocus());
});

test('a stand-in only focused (Tab, no press) hands over the focus, not a press', async () => {
  const control = held();
  const Lazy = lazyAfterFirstInput(control.load, (props, pressed) => (pressed ? { ...props, defaultOpen: true } : props));
  render(<Lazy props={{ label: 'Title' }} standIn={standIn('Title')} />);
  await userEvent.tab();
  control.release();
  const arrived = await screen.findByRole('button', { name: 'Title (closed)' });
  await waitFor(() => expect(arrived).toHaveFocus());
});

test('a second mount after the code arrived draws the control at once, without waiting for an input', async () => {
  const control = held();
  const Lazy = lazyAfterFirstInput(control.load);
  const first = render(<Lazy props={{ label: 'Title' }} standIn={standIn('Title')} />);
  await userEvent.keyboard('{Shift}');
  control.release();
  await screen.findByRole('button', { name: 'Title (closed)' });
  first.unmount();
  document.documentElement.removeAttribute('data-first-input');
  render(<Lazy props={{ label: 'Other' }} standIn={standIn('Other')} />);
  expect(screen.getByRole('button', { name: 'Other (closed)' })).toBeInTheDocument();
  expect(control.load).toHaveBeenCalledTimes(1);
});

test('text typed into a stand-in field before the code arrives is carried into the control as typed text', async () => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const typed: string[] = [];
  function Field({ label }: { label: string }) {
    return <input aria-label={label} onChange={(event) => typed.push(`${(event.nativeEvent as InputEvent).inputType}:${event.target.value}`)} />;
  }
  const Lazy = lazyAfterFirstInput<{ label: string }>(async () => {
    await arrived;
    return Field;
  });
  render(<Lazy props={{ label: 'Country' }} standIn={<input aria-label="Country" defaultValue="" />} />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Country' }), 'Fra');
  release();
  await waitFor(() => expect(typed).toEqual(['insertText:Fra']));
  expect(screen.getByRole('textbox', { name: 'Country' })).toHaveValue('Fra');
  expect(screen.getByRole('textbox', { name: 'Country' })).toHaveFocus();
});
