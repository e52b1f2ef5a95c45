/**
 * The English catalogue: the active one (spec section 1 fixes the locale to English).
 * Keys are dot-namespaced by area; `{name}` placeholders are filled by `t(key, { name })`.
 * The error catalogue (spec section 8) is under `error.*` and `success.*`.
 */
export const messagesEn = {
  // Spec section 8: response handling
  'error.timeout': 'System is busy, please try again later',
  'error.network': 'Unknown network error',
  'error.generic': 'Error',
  'error.unknown': 'Unknown error',
  // Spec section 8: other messages
  'error.unexpected': 'Unexpected error, please contact customer service.',
  'error.reload': 'Unknown error, please reload the page.',
  'error.copy': 'Unable to copy, please copy it manually.',
  'error.orderIdNotFound': 'Order id not found.',
  'error.orderNotFound': 'Can not found an order.',
  'error.quotationFetch': 'Failed to fetch quotation data.',
  'error.projectCreate': 'Unable to create new project.',
  'error.maintenance': 'Service is being upgraded, please come back later.',
  'error.emailRegistered': 'The email is already registered; activate it via email.',
  'success.signIn': 'Sign In successfully.',
  // Common UI words
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.delete': 'Delete',
  'common.edit': 'Edit',
  'common.remove': 'Remove',
  'common.back': 'Back',
  'common.next': 'Next',
  'common.previous': 'Previous',
  'common.search': 'Search',
  'common.clearSearch': 'Clear search',
  'common.loading': 'Loading…',
  'common.required': 'Required',
  'common.optional': 'Optional',
  'common.showPassword': 'Show password',
  'common.dismiss': 'Dismiss',
  'common.moreActions': 'More actions',
  'common.skipToContent': 'Skip to main content',
  'common.noResults': 'No results',
  'pagination.label': 'Pagination',
  'pagination.pageOf': 'Page {page} of {pageCount}',
  'pagination.pageSize': 'Rows per page',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'files.dropHere': 'Drop files here',
  'files.browse': 'Browse files',
  'files.accepted': 'Accepted: {types}. Up to {count} files, {size} each.',
  'colours.maxReached': 'You can choose up to {max} colours. Remove one to choose another.',
  'colours.chosen': '{count} of {max} chosen',
  // Auth and account
  'auth.signIn': 'Sign in',
  'auth.signOut': 'Sign out',
  'auth.signUp': 'Create account',
  'auth.email': 'Email',
  'auth.password': 'Password',
  'auth.username': 'User name',
  'auth.usernameHint': '2 to 12 characters.',
  'auth.passwordHint': 'At least 6 characters.',
  'cookie.message': 'We use cookies to keep you signed in and to remember your choices.',
  'cookie.accept': 'Accept cookies',
} as const;

export type MessageKey = keyof typeof messagesEn;
export type Messages = Record<MessageKey, string>;
