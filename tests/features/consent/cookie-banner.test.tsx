import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { CookieBanner } from '#features/consent/components/cookie-banner';

afterEach(() => localStorage.clear());

test('accepted in one frame, the banner goes from every frame on screen (a loading page’s and the page’s own)', async () => {
  render(
    <>
      <CookieBanner />
      <CookieBanner />
    </>,
  );
  const accept = screen.getAllByRole('button', { name: 'Accept cookies' });
  expect(accept).toHaveLength(2);
  await userEvent.click(accept[0]!);
  expect(screen.queryByRole('button', { name: 'Accept cookies' })).not.toBeInTheDocument();
  // And a banner mounted afterwards reads the stored answer.
  render(<CookieBanner />);
  expect(screen.queryByRole('region', { name: /cookie/i })).not.toBeInTheDocument();
});
