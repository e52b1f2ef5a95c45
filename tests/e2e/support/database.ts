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

/**
 * Flags an account as an entrust-order account (spec section 6), as customer service does in the
 * back office, which the product has no screen for. The one write a test makes to the server's
 * database; the server reads the flag on the next call.
 */
export function makeEntrustOrderAccount(email: string): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Sqlite(path.join(dir, 'manufacture.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const changed = db.prepare('update user_account set is_entrust_order_account = 1 where email = ?').run(email.toLowerCase());
    if (changed.changes !== 1) throw new Error(`no account ${email}`);
  } finally {
    db.close();
  }
}
