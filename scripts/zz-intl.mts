import { chromium } from 'playwright';
import { requireChromium, CHROMIUM_ARGS } from '/work/main/scripts/find-chromium.mjs';
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
for (const variant of ['supported-first', 'numberformat-first']) {
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('http://127.0.0.1:4395/manufacture/favicon.svg');
    const r = await page.evaluate(`(() => {
      const v = ${JSON.stringify(variant)};
      const t = (f) => { const s = performance.now(); f(); return Math.round((performance.now() - s) * 10) / 10; };
      const out = {};
      if (v === 'supported-first') {
        out.supported1 = t(() => Intl.DateTimeFormat.supportedLocalesOf(['en-US']));
        out.supported2 = t(() => Intl.DateTimeFormat.supportedLocalesOf(['en-US']));
        out.number = t(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(12.5));
        out.plural = t(() => new Intl.PluralRules('en-US').select(2));
      } else {
        out.number = t(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(12.5));
        out.supported1 = t(() => Intl.DateTimeFormat.supportedLocalesOf(['en-US']));
      }
      return out;
    })()`);
    console.log(variant, JSON.stringify(r));
    await context.close();
  }
}
await browser.close();
