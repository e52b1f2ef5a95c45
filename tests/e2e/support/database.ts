import path from 'node:path';
import Sqlite from 'libsql';

/**
 * Reads the e2e server's embedded database directly, for what a person would read off a screen
 * the test cannot see (the characters of an image captcha). Never writes.
 */
export function captchaAnswer(captchaId: string): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Sqlite(path.join(dir, 'manufacture.db'), { readonly: true });
  try {
    const row = db.prepare('select answer from captcha where id = ?').get(captchaId) as { answer: string } | undefined;
    if (!row) throw new Error(`no captcha ${captchaId}`);
    return row.answer;
  } finally {
    db.close();
  }
}
