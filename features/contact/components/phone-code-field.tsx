import type { Key } from 'react-aria-components';
import type { PhoneCodeEntry } from '#domain/api/tools';
import { ComboBox, ComboBoxItem } from '#ui/combo-box';
import { errorMessage } from '#lib/api/error-message';
import { phoneCodeLabel, usePhoneCodes } from '#lib/reference-data/phone-codes';

export interface PhoneCodeFieldProps {
  value?: Key | null;
  onChange?: (entry: PhoneCodeEntry | null) => void;
  isRequired?: boolean;
}

/** Calling codes from the server's country dataset, searchable by country name or code. */
export function PhoneCodeField({ value, onChange, isRequired }: PhoneCodeFieldProps) {
  const codes = usePhoneCodes();
  const items = codes.status === 'success' ? codes.data : [];
  return (
    <ComboBox<PhoneCodeEntry>
      // Remount when the list arrives, so the field filters the loaded entries.
      key={codes.status}
      label="Phone code"
      placeholder={codes.status === 'loading' ? 'Loading countries…' : 'Search country or code'}
      description={codes.status === 'error' ? errorMessage(codes.error) : undefined}
      isDisabled={codes.status !== 'success'}
      isRequired={isRequired}
      defaultItems={items}
      selectedKey={value}
      onSelectionChange={(key) => onChange?.(items.find((e) => e.id === key) ?? null)}
      menuTrigger="focus"
    >
      {(entry) => <ComboBoxItem id={entry.id}>{phoneCodeLabel(entry)}</ComboBoxItem>}
    </ComboBox>
  );
}
