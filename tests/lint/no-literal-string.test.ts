import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'i18next/no-literal-string';

/** Lints a component as if it were the file at `filePath`, and returns the rules that fired. */
async function rulesFired(filePath: string, jsx: string): Promise<string[]> {
  const code = `import { useT } from '#lib/i18n/i18n';\nexport function Probe({ n, name }: { n: number; name: string }) {\n  const t = useT();\n  void n; void name; void t;\n  return ${jsx};\n}\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('visible words in the JSX of features/ and routes/ come from the catalogue', () => {
  test.each([
    ['a text child', 'features/quote/probe.tsx', '<p>Drop your files here</p>'],
    ['a text child in routes/', 'routes/pages/probe.tsx', '<h1>Page not found</h1>'],
    ['a string in an expression child', 'features/quote/probe.tsx', "<p>{n > 1 ? 'files' : 'file'}</p>"],
    ['a template in an expression child', 'features/quote/probe.tsx', '<p>{`${n} working days`}</p>'],
    ['an aria-label', 'features/quote/probe.tsx', '<section aria-label="Your parts" />'],
    ['an aria-label built from a template', 'features/quote/probe.tsx', '<button aria-label={`Remove ${name}`} />'],
    ['a title', 'features/quote/probe.tsx', '<abbr title="Incoterms">EXW</abbr>'],
    ['a placeholder', 'features/checkout/probe.tsx', '<input placeholder="Search country" />'],
    ['an alt text', 'features/auth/probe.tsx', '<img alt="A captcha" src="x.png" />'],
    ['a label given to a ui component', 'features/checkout/probe.tsx', '<TextField label="Card number" />'],
    ['a description given to a ui component', 'features/checkout/probe.tsx', '<Radio value="card" description="Charged in US dollars only." />'],
    ['an errorMessage given to a ui component', 'features/checkout/probe.tsx', '<TextField label={t("checkout.card.number")} errorMessage="Wrong number" />'],
    ['a unit given to a ui component', 'features/quote/probe.tsx', '<NumberField label={t("quote.configure.quantity")} unit="pcs" />'],
  ])('%s fails lint', async (_name, filePath, jsx) => {
    expect(await rulesFired(filePath, jsx)).toContain(RULE);
  });

  test.each([
    ['a catalogue message', 'features/quote/probe.tsx', "<p>{t('quote.upload.heading')}</p>"],
    ['a message with markup', 'features/quote/probe.tsx', "<p>{t.rich('app.example', { link: (chunks) => <a href=\"/quote\">{chunks}</a> })}</p>"],
    ['punctuation and symbols', 'features/orders/probe.tsx', "<p>{name} · {n} — {name}: {name ?? '—'} × %</p>"],
    ['numbers', 'features/orders/probe.tsx', '<p>{n} 100</p>'],
    ['codes in capitals', 'features/orders/probe.tsx', '<p>EXW</p>'],
    ['attributes that are code', 'features/orders/probe.tsx', '<a href="/quote" className="text-caption underline" id="x" data-testid="order-number" role="status">{name}</a>'],
    ['a literal outside features/ and routes/ (ui/ has English defaults)', 'ui/probe.tsx', '<p>Loading…</p>'],
  ])('%s passes', async (_name, filePath, jsx) => {
    expect(await rulesFired(filePath, jsx)).not.toContain(RULE);
  });
});
