import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait up to 15 s (the default is 1 s): a lazily loaded module (a form's rules,
// ADR 140; a page's chunk) is transformed on its first import, which on a busy CI machine can take
// longer than a second (5 s ran out once in a fresh-clone run that took 38 min for this suite). A
// passing test does not wait longer for it.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());

// Each test renders a page the visitor is using: what the app fetches at the first input (a form's
// rules, a select, a dialog; ADR 189) is fetched at mount, as the stories do (.storybook/preview.tsx).
// A test of that wait takes the mark off first (lib/first-input.ts listens again).
if (typeof document !== 'undefined') document.documentElement.setAttribute('data-first-input', '');
