import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s (the default is 1 s): a lazily loaded module (a form's rules,
// ADR 140; a page's chunk) is transformed on its first import, which on a busy CI machine can take
// longer than a second. A passing test does not wait longer for it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
