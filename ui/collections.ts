/**
 * The collection types of react-aria-components that screens pass around (a row's key, a table's
 * or list's selection). ui/ is the one door to react-aria-components (issue 37 item 5): features
 * and routes take these from here.
 */
export type { Key, Selection } from 'react-aria-components';
