import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { expect, test } from 'vitest';
import { RenderedAfter } from '#ui/rendered-after';

test('the first commit draws the placeholder, and the children come in the next render (ADR 239)', () => {
  const firstCommit: string[] = [];
  function Cart() {
    // Runs once the first commit is in the document, before the browser paints it.
    useLayoutEffect(() => {
      firstCommit.push(...[...document.querySelectorAll('[data-part]')].map((e) => e.getAttribute('data-part')!));
    }, []);
    return <p data-part="cart">Cart</p>;
  }
  render(
    <>
      <Cart />
      <RenderedAfter placeholder={<div data-part="room" />}>
        <form aria-label="Order" data-part="form" />
      </RenderedAfter>
    </>,
  );
  expect(firstCommit).toEqual(['cart', 'room']);
  expect(screen.getByRole('form', { name: 'Order' })).toBeInTheDocument();
  expect(document.querySelector('[data-part="room"]')).toBeNull();
});
