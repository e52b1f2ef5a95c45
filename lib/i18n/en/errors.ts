/**
 * The error catalogue of spec section 8, word for word: what the user reads for a failed call
 * (lib/api/error-message.ts) and the other messages the spec lists.
 */
export const errors = {
  // Response handling
  'error.timeout': 'System is busy, please try again later',
  'error.network': 'Unknown network error',
  'error.generic': 'Error',
  'error.unknown': 'Unknown error',
  // Other messages
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
} as const;
