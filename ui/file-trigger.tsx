/**
 * The file chooser behind a button (react-aria's FileTrigger: a hidden file input opened by its
 * child, a Button). It draws nothing of its own, so it is passed through as it is; screens take it
 * from ui/, the one door to react-aria-components (issue 37 item 5).
 */
export { FileTrigger, type FileTriggerProps } from 'react-aria-components';
