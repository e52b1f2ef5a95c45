import type { ArgTypes } from '@storybook/react-vite';

/**
 * Controls for the props the ui components take from react-aria-components. Storybook's docgen
 * reads our own interfaces but not the RAC props they extend, so without these the controls panel
 * would hide `isDisabled`, `isInvalid`, `isPending`... Each story file spreads the ones its
 * component accepts and adds its own props (every public prop has a control: issue 17 item 3).
 */
const state = (description: string) => ({ control: 'boolean', description, table: { category: 'State' } }) as const;
const text = (description: string, category = 'Content') => ({ control: 'text', description, table: { category } }) as const;
const action = (description: string) => ({ control: false, description, table: { category: 'Events' } }) as const;

export const disabledArg = { isDisabled: state('Greyed out, skipped by Tab, presses ignored.') };
export const invalidArg = { isInvalid: state('Marked invalid (red border, `aria-invalid`); the error message shows.') };
export const requiredArg = { isRequired: state('Must be filled before the form is valid; announced as required.') };
export const readOnlyArg = { isReadOnly: state('Focusable and readable, not editable.') };
export const autoFocusArg = { autoFocus: { control: false, description: 'Takes focus on mount (avoid: it moves screen-reader users).', table: { category: 'Behaviour' } } };

/** Label, description and error message of every form field. */
export const fieldArgs = {
  label: text('The visible label; it names the field.'),
  description: text('Help under the field, read after the label.'),
  errorMessage: text('Shown when the field is invalid.'),
  name: text('The form field name (server and vest errors match it).', 'Form'),
  ...disabledArg,
  ...invalidArg,
  ...requiredArg,
  ...readOnlyArg,
} satisfies ArgTypes;

export const placeholderArg = { placeholder: text('A hint inside an empty field; never a replacement for the label.') };
export const onChangeArg = { onChange: action('Called with the new value.') };
export const onPressArg = { onPress: action('Called on click, tap, Enter or Space.') };
export const onSelectionChangeArg = { onSelectionChange: action('Called with the chosen key.') };
export const classNameArg = { className: text('Extra classes, merged over the component’s own (tailwind-merge).', 'Style') };
