import { render, screen } from '@testing-library/react';
import { useLocale } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { I18nRoot, createTranslator, formatMessage, t, useT } from '#lib/i18n/i18n';
import { FRENCH_LOCALE, messagesFr } from '#lib/i18n/messages-fr';

describe('t and formatMessage', () => {
  it('fills {name} arguments', () => {
    expect(t('pagination.pageOf', { page: 2, pageCount: 7 })).toBe('Page 2 of 7');
  });

  it('returns a message without arguments as written', () => {
    expect(t('error.network')).toBe('Unknown network error');
  });

  it('chooses plural forms by the locale’s rules', () => {
    const files = '{count, plural, =0 {no files} one {# file} other {# files}}';
    expect([0, 1, 2, 1000].map((count) => formatMessage(files, { count }))).toEqual(['no files', '1 file', '2 files', '1,000 files']);
    // French counts 0 and 1 as singular, and groups thousands with a narrow space.
    const fichiers = '{count, plural, one {# fichier} other {# fichiers}}';
    expect([0, 1, 2].map((count) => formatMessage(fichiers, { count }, 'fr-FR'))).toEqual(['0 fichier', '1 fichier', '2 fichiers']);
    expect(t('account.uploadHistory.summary', { months: 1 })).toBe('Files you uploaded in the last month.');
    expect(t('account.uploadHistory.summary', { months: 3 })).toBe('Files you uploaded in the last 3 months.');
  });

  it('selects by a value', () => {
    expect(t('checkout.pay.methodPhrase', { method: 'cardEnding', last4: '4242' })).toBe('card ending 4242');
    expect(t('checkout.pay.methodPhrase', { method: 'balance', last4: '' })).toBe('your balance');
  });

  it('shows the message’s source, and says why in the console, when an argument is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(t('orders.detail.heading')).toBe('Order {number}');
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('rich text', () => {
  it('wraps the content of a tag with the element the caller gives, and keeps the rest as text', () => {
    const tr = createTranslator(messagesFr, FRENCH_LOCALE);
    render(<p>{tr.rich('auth.login.newHere', { link: (chunks) => <a href="/signup">{chunks}</a> })}</p>);
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/Nouveau ici/)).toBeInTheDocument();
  });

  it('hands a ui component its raw template', () => {
    const tr = createTranslator(messagesFr);
    expect(tr.raw('pagination.pageOf')).toBe('Page {page} sur {pageCount}');
  });
});

function Probe() {
  const tr = useT();
  const { locale } = useLocale();
  return (
    <p>
      {tr('auth.usernameHint', { min: 2, max: 12 })} / {locale}
    </p>
  );
}

describe('I18nRoot', () => {
  it('sets the RAC locale to en-US and serves the English catalogue', () => {
    render(
      <I18nRoot>
        <Probe />
      </I18nRoot>,
    );
    expect(screen.getByText('2 to 12 characters. / en-US')).toBeInTheDocument();
  });

  it('takes another catalogue (tests and previews; the product stays English)', () => {
    render(
      <I18nRoot messages={messagesFr} messagesLocale={FRENCH_LOCALE}>
        <Probe />
      </I18nRoot>,
    );
    expect(screen.getByText('De 2 à 12 caractères. / en-US')).toBeInTheDocument();
  });

  it('serves English without a root too (stories and component tests)', () => {
    render(<Probe />);
    expect(screen.getByText(/^2 to 12 characters\./)).toBeInTheDocument();
  });
});
