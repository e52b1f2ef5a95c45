/** Words many screens share, and the labels the app hands to `ui/` components in place of their English defaults. */
export const common = {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.remove': 'Remove',
  'common.tryAgain': 'Try again',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.loading': 'Loading…',
  'common.showPassword': 'Show password',
  'common.dismiss': 'Dismiss',
  'common.decrease': 'Decrease',
  'common.increase': 'Increase',
  'common.form.errorCount': '{count, plural, one {# field needs} other {# fields need}} attention before this form can be sent.',
  'pagination.label': 'Pagination',
  // Templates a ui/ component fills itself ({page}, {pageCount}, {first}, {last}, {total}): plain placeholders only.
  'pagination.pageOf': 'Page {page} of {pageCount}',
  'pagination.showing': '{first}–{last} of {total}',
  'pagination.pageSize': 'Rows per page',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
} as const;
