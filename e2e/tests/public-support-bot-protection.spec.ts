import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { nextTurnstileTokenInvalid, useFakeTurnstile } from '../support/fake-turnstile.js';
import { bffUrl, E2E_BFF_ALTCHA_PORT, E2E_BFF_TURNSTILE_PORT } from '../support/stack.js';

// Bot protection of the public forms with each provider the BFF supports, each on its own BFF
// (playwright.config.ts): Turnstile verified against a local fake siteverify, ALTCHA solved in
// the browser. Without a valid token the BFF refuses the request with a Czech message and the
// form keeps everything; with one, it goes through.

const REFUSED = 'Ověření, že nejste robot, se nezdařilo. Zkuste to prosím znovu.';

async function fillRequest(page: Page, subject: string) {
  await page.goto('/verejna-podpora/novy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nový požadavek' })).toBeVisible();
  await page.getByLabel('Jméno a příjmení').fill('Robert Robot');
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByRole('textbox', { name: 'Popis' }).fill('Jsem člověk, opravdu.');
}

/** Sends the filled form, which the BFF refuses (403, its Czech message); nothing typed is lost. */
async function expectRefusedAndKept(page: Page, subject: string): Promise<void> {
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/public_support/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Odeslat požadavek' }).click();
  expect((await refused).status()).toBe(403);
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expectKept(page, subject);
}

async function expectKept(page: Page, subject: string) {
  await expect(page.getByLabel('Jméno a příjmení')).toHaveValue('Robert Robot');
  await expect(page.getByRole('textbox', { name: 'Předmět' })).toHaveValue(subject);
  await expect(page.getByRole('textbox', { name: 'Popis' })).toHaveValue('Jsem člověk, opravdu.');
}

test.describe('with Turnstile', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_TURNSTILE_PORT) });

  test('a forged token is refused and the form keeps what was typed; a real one goes through @journey', async ({
    page,
    a11y,
  }) => {
    await useFakeTurnstile(page);
    const subject = `Turnstile ${Date.now()}`;
    await fillRequest(page, subject);
    const widget = page.getByRole('button', { name: 'Ověřit, že nejsem robot' });

    // Not ticked: nothing is sent, the page says what is missing.
    await page.getByRole('button', { name: 'Odeslat požadavek' }).click();
    await expect(page.getByText('Potvrďte, že nejste robot', { exact: false }).first()).toBeVisible();

    // A token siteverify refuses: the BFF answers 403 with its Czech message.
    await nextTurnstileTokenInvalid(page);
    await widget.click();
    await expectRefusedAndKept(page, subject);
    await a11y.check('turnstile refused');

    // The widget was reset for a fresh token; with it the request goes through.
    await widget.click();
    await page.getByRole('button', { name: 'Odeslat požadavek' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeVisible();

    // The message form on the request page has its own widget (a token per form).
    await page.getByRole('link', { name: 'Otevřít požadavek' }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await page.getByRole('textbox', { name: 'Vaše zpráva' }).fill('Doplňuji informace.');
    await page.getByRole('button', { name: 'Ověřit, že nejsem robot' }).click();
    await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
    await expect(page.getByTestId('public-request-messages').getByText('Doplňuji informace.')).toBeVisible();
  });
});

test.describe('with ALTCHA', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_ALTCHA_PORT) });

  test('a forged proof is refused and the form keeps what was typed; a solved one goes through', async ({
    page,
    a11y,
  }) => {
    // Plays a bot: while the flag is set, the solved proof is swapped for a made-up one on its way out.
    await page.addInitScript(() => {
      const original = window.fetch.bind(window);
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const forge = (window as unknown as { __e2eForgeBotToken?: boolean }).__e2eForgeBotToken;
        if (forge && input instanceof Request && input.headers.has('X-Bot-Token')) {
          const headers = new Headers(input.headers);
          headers.set('X-Bot-Token', btoa('{"forged":true}'));
          return original(new Request(input, { headers }), init);
        }
        return original(input, init);
      };
    });
    const subject = `ALTCHA ${Date.now()}`;
    await fillRequest(page, subject);
    await page.evaluate(() => {
      (window as unknown as { __e2eForgeBotToken?: boolean }).__e2eForgeBotToken = true;
    });
    await expectRefusedAndKept(page, subject);
    await a11y.check('altcha refused');

    await page.evaluate(() => {
      (window as unknown as { __e2eForgeBotToken?: boolean }).__e2eForgeBotToken = false;
    });
    await page.getByRole('button', { name: 'Odeslat požadavek' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeVisible();

    await page.getByRole('link', { name: 'Otevřít požadavek' }).click();
    await page.getByRole('textbox', { name: 'Vaše zpráva' }).fill('Zpráva s vyřešenou výzvou.');
    await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
    await expect(page.getByTestId('public-request-messages').getByText('Zpráva s vyřešenou výzvou.')).toBeVisible();
  });
});
