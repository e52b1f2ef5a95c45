import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { Label } from '#ui/field';
import { Money } from '#ui/money';
import { TextField } from '#ui/text-field';
import { composeTailwindRenderProps, tv, twMerge } from '#ui/tv';

const classesOf = (el: Element) => el.getAttribute('class')?.split(/\s+/) ?? [];

describe('twMerge (our type scale, radii and spacing known)', () => {
  it("lets a caller's p-2 beat the base p-4", () => {
    expect(twMerge('flex p-4', 'p-2').split(' ')).toEqual(['flex', 'p-2']);
  });

  it("lets a caller's text size beat the base size, and keeps the colour", () => {
    const merged = twMerge('text-body text-neutral-900', 'text-caption').split(' ');
    expect(merged).toContain('text-caption');
    expect(merged).toContain('text-neutral-900');
    expect(merged).not.toContain('text-body');
  });

  it('does not take a type-scale name for a colour', () => {
    // Without the config tailwind-merge drops text-body here, reading it as a colour.
    expect(twMerge('text-body', 'text-brand-700').split(' ')).toEqual(['text-body', 'text-brand-700']);
  });

  it('knows the radius, shadow and spacing tokens', () => {
    expect(twMerge('rounded-control', 'rounded-none')).toBe('rounded-none');
    expect(twMerge('px-gutter', 'px-2')).toBe('px-2');
    expect(twMerge('shadow-overlay', 'shadow-none')).toBe('shadow-none');
  });

  it('skips falsy entries', () => {
    expect(twMerge('p-4', false, undefined, 'm-1')).toBe('p-4 m-1');
  });
});

describe('composeTailwindRenderProps', () => {
  it('merges a string className over the base', () => {
    const className = composeTailwindRenderProps<{ isHovered: boolean }>('p-2 text-title', 'p-4 text-body');
    expect(className({ isHovered: false })).toBe('p-2 text-title');
  });

  it("merges a caller's function over a base that depends on the render state", () => {
    const className = composeTailwindRenderProps<{ isHovered: boolean }>(
      ({ isHovered }) => (isHovered ? 'bg-brand-700' : ''),
      ({ isHovered }) => (isHovered ? 'p-4 bg-brand-600' : 'p-4'),
    );
    expect(className({ isHovered: true })).toBe('p-4 bg-brand-700');
    expect(className({ isHovered: false })).toBe('p-4');
  });

  it('gives the base alone when the caller passes nothing', () => {
    expect(composeTailwindRenderProps<object>(undefined, 'flex gap-1')({})).toBe('flex gap-1');
  });
});

describe('ui components let the caller override their classes', () => {
  it('Button: a caller p-2 replaces the base px-4/py-2 padding, text-caption replaces text-body', () => {
    render(<Button className="p-2 text-caption">Save</Button>);
    const classes = classesOf(screen.getByRole('button', { name: 'Save' }));
    expect(classes).toContain('p-2');
    expect(classes).toContain('text-caption');
    expect(classes).not.toContain('px-4');
    expect(classes).not.toContain('text-body');
  });

  it('TextField: the root takes the caller gap over the base gap-1', () => {
    const { container } = render(<TextField label="PO number" className="gap-3" />);
    const classes = classesOf(container.firstElementChild!);
    expect(classes).toContain('gap-3');
    expect(classes).not.toContain('gap-1');
  });

  it('Label: a caller size and colour replace the base ones', () => {
    render(<Label className="text-body text-neutral-900">Name</Label>);
    const classes = classesOf(screen.getByText('Name'));
    expect(classes).toEqual(expect.arrayContaining(['text-body', 'text-neutral-900', 'font-medium']));
    expect(classes).not.toContain('text-caption');
    expect(classes).not.toContain('text-neutral-700');
  });

  it('Card and Money: plain elements merge too', () => {
    const { container } = render(
      <Card className="rounded-none shadow-none">
        <Money cents={-500} className="text-neutral-900" />
      </Card>,
    );
    const card = classesOf(container.querySelector('section')!);
    expect(card).toEqual(expect.arrayContaining(['rounded-none', 'shadow-none']));
    expect(card).not.toContain('rounded-card');
    expect(card).not.toContain('shadow-raised');
    const money = classesOf(screen.getByText('-$5.00'));
    expect(money).toContain('text-neutral-900');
    expect(money).not.toContain('text-danger-700');
  });

  it('tv from ui/tv merges the same way', () => {
    const styles = tv({ base: 'p-4 text-body text-neutral-900' });
    expect(styles({ className: 'p-2 text-caption' }).split(' ').sort()).toEqual(['p-2', 'text-caption', 'text-neutral-900'].sort());
  });
});
