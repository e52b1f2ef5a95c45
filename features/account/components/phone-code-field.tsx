import { useState } from 'react';
import type { PhoneCodeEntry } from '#domain/api/tools';
import { useT } from '#lib/i18n/i18n';
import { entryForCode, entryNamed, phoneCodeLabel, usePhoneCodes } from '#lib/reference-data/phone-codes';
import { LazyComboBox } from '#ui/lazy-combo-box';

export interface PhoneCodeFieldProps {
  label: string;
  /** The calling code, with the plus (`+44`), or empty. */
  value: string;
  onChange: (phoneCode: string) => void;
  onBlur?: () => void;
  errorMessage?: string;
  isRequired?: boolean;
  /** The autocomplete token (WCAG 1.3.5), with its section where the form has one: `shipping tel-country-code`. */
  autoComplete?: string;
}

/**
 * The phone code, chosen from the server's list of countries (spec section 5: "Phone code must be
 * selected"): type a country or a code. Several countries share a code (+1); the one picked stays
 * shown, and a stored code shows the country it belongs to first (+44: United Kingdom).
 */
export function PhoneCodeField({ label, value, onChange, onBlur, errorMessage, isRequired, autoComplete = 'tel-country-code' }: PhoneCodeFieldProps) {
  const codes = usePhoneCodes();
  const items = codes.status === 'success' ? codes.data : [];
  const [picked, setPicked] = useState<string | null>(null);
  const t = useT();
  const pickedEntry = items.find((e) => e.id === picked && e.phoneCode === value);
  const selected = pickedEntry ?? entryForCode(items, value);
  return (
    <LazyComboBox<PhoneCodeEntry>
      // A new list (loaded) means a new field: react-aria reads `defaultItems` once.
      key={codes.status}
      label={label}
      placeholder={codes.status === 'loading' ? t('account.phoneCode.loading') : t('account.phoneCode.search')}
      isDisabled={codes.status === 'loading'}
      defaultItems={items}
      selectedKey={selected?.id ?? null}
      onSelectionChange={(key) => {
        const entry = items.find((e) => e.id === key) ?? null;
        setPicked(entry?.id ?? null);
        onChange(entry?.phoneCode ?? '');
      }}
      onBlur={onBlur}
      isRequired={isRequired}
      isInvalid={!!errorMessage || codes.status === 'error'}
      errorMessage={codes.status === 'error' ? t('account.phoneCode.failed') : errorMessage}
      textOf={phoneCodeLabel}
      autoComplete={autoComplete}
      itemNamed={(text, entries) => entryNamed(entries, text)}
    />
  );
}
