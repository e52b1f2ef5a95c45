import { describe, expect, it } from 'vitest';
import { messagesEn } from '#lib/i18n/messages-en';
import { messagesFr } from '#lib/i18n/messages-fr';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('French has exactly the English keys', () => {
    expect(Object.keys(messagesFr).sort()).toEqual(Object.keys(messagesEn).sort());
  });

  it('every translation uses the same placeholders as the English text', () => {
    for (const [key, en] of Object.entries(messagesEn)) {
      expect(placeholders(messagesFr[key as keyof typeof messagesEn]), key).toEqual(placeholders(en));
    }
  });

  it('no message is empty', () => {
    for (const [key, value] of [...Object.entries(messagesEn), ...Object.entries(messagesFr)]) expect(value.trim(), key).not.toBe('');
  });

  it('holds the spec section 8 messages word for word', () => {
    const values = Object.values(messagesEn);
    for (const message of [
      'System is busy, please try again later',
      'Unknown network error',
      'Unexpected error, please contact customer service.',
      'Unknown error, please reload the page.',
      'Unable to copy, please copy it manually.',
      'Order id not found.',
      'Can not found an order.',
      'Failed to fetch quotation data.',
      'Unable to create new project.',
      'Service is being upgraded, please come back later.',
      'The email is already registered; activate it via email.',
      'Sign In successfully.',
    ]) {
      expect(values).toContain(message);
    }
  });
});
