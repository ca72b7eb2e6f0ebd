import { passSecondFactor } from './second-factor.js';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Keyboard-only journeys: Tab, Shift+Tab, Enter, Space and arrow keys, never a pointer. Every
 * element the keyboard stops on must show that it has focus (WCAG 2.4.7) and must not be hidden
 * by something on top of it, such as a toast (2.4.11).
 */

/** `focusState` when no element of the page has the focus. */
const NOTHING = 'nothing (body)';

interface FocusState {
  /** What has focus, for messages: tag and the first words of its name. */
  element: string;
  /**
   * `:focus-visible` matches and an outline or a box shadow is drawn – on the element, or on a
   * close ancestor that draws it for what it contains (a card around its link, `:focus-within`).
   */
  ringShown: boolean;
  /** Its centre is inside the viewport and not covered by another element. */
  notObscured: boolean;
}

async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { element: 'nothing (body)', ringShown: false, notObscured: false };
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50);
    const description = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> „${name}"`;
    const drawsRing = (candidate: Element) => {
      const style = getComputedStyle(candidate);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return outline || shadow;
    };
    const keyboardFocus = element.matches(':focus-visible');
    let ringShown = keyboardFocus && drawsRing(element);
    for (
      let ancestor = element.parentElement, level = 0;
      !ringShown && ancestor && level < 3;
      ancestor = ancestor.parentElement, level += 1
    ) {
      ringShown = keyboardFocus && ancestor.matches(':focus-within') && drawsRing(ancestor);
    }
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const inView = x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight;
    const onTop = inView ? document.elementFromPoint(x, y) : null;
    return {
      element: description,
      ringShown,
      notObscured: onTop !== null && (element === onTop || element.contains(onTop) || onTop.contains(element)),
    };
  });
}

/** The focused element shows a focus indicator and is not hidden (retried while it scrolls in). */
export async function expectFocusVisible(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const { element, ringShown, notObscured } = await focusState(page);
        if (ringShown && notObscured) return 'visible';
        return `${element}:${ringShown ? '' : ' no focus ring'}${notObscured ? '' : ' obscured or out of view'}`;
      },
      { message: 'the focused element shows it and is not hidden', timeout: 5_000 },
    )
    .toBe('visible');
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, checking at every stop on
 * the way that the focus is visible. Fails when `target` is not reached in `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await hasFocus(target)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    // Past the last (or first) element the focus leaves the page for the browser's own
    // controls and comes back from the other end: no element of the page to check there.
    if ((await focusState(page)).element === NOTHING) continue;
    await expectFocusVisible(page);
  }
  const { element } = await focusState(page);
  throw new Error(
    `${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()} in ${max} presses (focus on ${element})`,
  );
}

/**
 * Logs in on the login page (`path`, e.g. with `?redirect=`) with the keyboard: Tab to the e-mail,
 * type, Tab, type the password, Enter.
 */
export async function logInByKeyboard(
  page: Page,
  user: { email: string; password: string; totpSecret?: string },
  path = '/prihlaseni',
): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Heslo', { exact: true })).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  if (user.totpSecret !== undefined) await passSecondFactor(page, user.totpSecret, { keyboard: true });
}

/** After a navigation the new page's h1 has focus (the root layout moves it there). */
export async function expectOnPage(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
}
