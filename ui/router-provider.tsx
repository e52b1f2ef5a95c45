/**
 * react-aria's router binding (links and rows with `href` navigate through the app's router). It
 * draws nothing; the app mounts it once (routes/aria-router.tsx) and takes it from ui/, the one
 * door to react-aria-components (issue 37 item 5).
 */
export { RouterProvider } from 'react-aria-components';
