import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * The second factor in the browser (ADR 012): the current code of a TOTP secret, as the
 * authenticator app on a phone would show it, and the code step after the password.
 */

const PERIOD_MS = 30_000;

/** The TOTP code of `secret` (base32; SHA-1, 6 digits, 30 s) at `timestamp`. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  });
}

/**
 * Gives the code step the current code and submits it (by keyboard when `keyboard` is set). The
 * server takes each 30-second code once per user, so when a parallel test has just used it the
 * step is tried again with the next code.
 */
export async function passSecondFactor(page: Page, secret: string, { keyboard = false } = {}): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: 'Ověření přihlášení' });
  await expect(heading).toBeFocused();
  const field = page.getByRole('textbox', { name: 'Ověřovací kód' });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  for (let attempt = 1; ; attempt += 1) {
    if (keyboard) {
      await page.keyboard.press('Tab');
      await expect(field).toBeFocused();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(totpCode(secret));
      await page.keyboard.press('Enter');
    } else {
      await field.fill(totpCode(secret));
      await page.getByRole('button', { name: 'Ověřit a přihlásit se' }).click();
    }
    const used = page.getByText('Tento kód už byl použit', { exact: false }).first();
    const outcome = await Promise.race([
      heading.waitFor({ state: 'detached', timeout: 20_000 }).then(() => 'done' as const),
      used.waitFor({ state: 'visible', timeout: 20_000 }).then(() => 'used' as const),
    ]);
    if (outcome === 'done' || attempt >= 3) return;
    // Wait for the next code of the app.
    await page.waitForTimeout(PERIOD_MS - (Date.now() % PERIOD_MS) + 500);
    if (keyboard) await heading.focus();
  }
}
