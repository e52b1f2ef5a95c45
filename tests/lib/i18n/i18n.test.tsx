import { render, screen } from '@testing-library/react';
import { useLocale } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { I18nRoot, interpolate, t, useT } from '#lib/i18n/i18n';
import { messagesFr } from '#lib/i18n/messages-fr';

describe('t and interpolate', () => {
  it('fills {name} placeholders', () => {
    expect(t('pagination.pageOf', { page: 2, pageCount: 7 })).toBe('Page 2 of 7');
  });
  it('leaves an unknown placeholder visible', () => {
    expect(interpolate('Hello {name} {other}', { name: 'Ada' })).toBe('Hello Ada {other}');
  });
  it('returns the template without params', () => {
    expect(t('error.network')).toBe('Unknown network error');
  });
});

function Probe() {
  const tr = useT();
  const { locale } = useLocale();
  return (
    <p>
      {tr('colours.chosen', { count: 3, max: 5 })} / {locale}
    </p>
  );
}

describe('I18nRoot', () => {
  it('sets the RAC locale to en-US and serves the English catalogue', () => {
    render(<I18nRoot><Probe /></I18nRoot>);
    expect(screen.getByText('3 of 5 chosen / en-US')).toBeInTheDocument();
  });
  it('takes another catalogue (for tests; the product stays English)', () => {
    render(<I18nRoot messages={messagesFr}><Probe /></I18nRoot>);
    expect(screen.getByText('3 sur 5 choisies / en-US')).toBeInTheDocument();
  });
});
