import { screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';

// React Aria checks after a commit whether a field's description, error message or a radio's
// description slot was rendered, and drops the id from `aria-describedby` when not. Unpatched, it
// does so by a state update during the commit, which React renders at once and blocking: every
// field drew twice at the page's start. patches/react-aria+3.53.1.patch (ADR 251) makes that
// second pass a transition. These tests pin both halves: one blocking commit, and the same
// accessible names and descriptions once the transition has run.

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits until React's scheduler has run the pending transition (it posts tasks). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await nextTask();
}

describe('slot ids without a blocking second pass', () => {
  let root: Root | undefined;
  let container: HTMLElement;
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  beforeEach(() => {
    commits.length = 0;
    root = undefined;
    // Rendered as the browser does, outside act(), so the transition waits for its own task.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    container = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => {
    flushSync(() => root?.unmount());
    container.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  const commits: string[] = [];
  /** Renders (or re-renders, keeping the same tree) at once, as a click's update does. */
  function renderNow(node: ReactNode) {
    root ??= createRoot(container);
    flushSync(() =>
      root!.render(
        <Profiler id="form" onRender={(_id, phase) => commits.push(phase)}>
          {node}
        </Profiler>,
      ),
    );
  }

  it('mounts text fields and radios in one blocking commit, then drops the missing slots', async () => {
    renderNow(
      <form>
        <TextField label="Email" name="email" />
        <TextField label="Company" name="company" />
        <RadioGroup label="Process" defaultValue="22">
          <Radio value="22">3D printing</Radio>
          <Radio value="23">CNC machining</Radio>
        </RadioGroup>
      </form>,
    );
    // Unpatched, the layout effects' updates were rendered inside this flushSync: two commits.
    expect(commits).toEqual(['mount']);
    await settle();
    for (const name of ['Email', 'Company']) {
      const input = screen.getByRole('textbox', { name });
      expect(input).not.toHaveAttribute('aria-describedby');
    }
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toHaveAttribute('aria-describedby');
  });

  it('keeps a rendered description', async () => {
    renderNow(<TextField label="Company" description="As printed on the invoice" />);
    await settle();
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription('As printed on the invoice');
  });

  it('describes a field by an error that appears before the transition has run', async () => {
    renderNow(<TextField label="Email" errorMessage="Please enter a valid email address" />);
    // At once, before the dropped slot's transition: the field turns invalid and shows its error.
    renderNow(<TextField label="Email" isInvalid errorMessage="Please enter a valid email address" />);
    await settle();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('describes a field by an error that appears later, and drops it when it goes', async () => {
    renderNow(<TextField label="Email" errorMessage="Please enter a valid email address" />);
    await settle();
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-describedby');
    renderNow(<TextField label="Email" isInvalid errorMessage="Please enter a valid email address" />);
    // Adding the error's id stays immediate, as unpatched.
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
    renderNow(<TextField label="Email" errorMessage="Please enter a valid email address" />);
    await settle();
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
