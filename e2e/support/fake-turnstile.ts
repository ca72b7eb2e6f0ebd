import type { Page } from '@playwright/test';

/**
 * Cloudflare's widget script, replaced for the e2e run (the machine has no internet, and the
 * real widget cannot be solved by a test). The page loads it from its usual address; this
 * stand-in renders a button that plays the visitor's „I am not a robot" click and hands the
 * page a token that support/fake-siteverify.mjs accepts once. `window.__e2eTurnstileToken`
 * makes the next click hand out that (invalid) token instead. Intercepting this third-party
 * script is the only request the tests fake.
 */
const FAKE_WIDGET = `
(() => {
  const widgets = new Map();
  let next = 0;
  function draw(id) {
    const widget = widgets.get(id);
    widget.element.replaceChildren();
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Ověřit, že nejsem robot';
    button.style.cssText = 'padding:8px 12px;border:1px solid #1F3B50;border-radius:4px;background:#fff;color:#1F3B50';
    button.addEventListener('click', () => {
      const forced = window.__e2eTurnstileToken;
      window.__e2eTurnstileToken = undefined;
      const token = forced || 'e2e-pass.' + widget.options.action + '.' + Math.random().toString(36).slice(2);
      button.textContent = 'Ověřeno';
      button.disabled = true;
      widget.options.callback && widget.options.callback(token);
    });
    widget.element.append(button);
  }
  window.turnstile = {
    render(element, options) {
      const id = 'e2e-widget-' + ++next;
      widgets.set(id, { element, options });
      draw(id);
      return id;
    },
    reset(id) {
      if (widgets.has(id)) draw(id);
    },
    remove(id) {
      const widget = widgets.get(id);
      if (widget) widget.element.replaceChildren();
      widgets.delete(id);
    },
  };
})();
`;

export async function useFakeTurnstile(page: Page): Promise<void> {
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_WIDGET }),
  );
}

/** Makes the widget's next click hand out a token siteverify refuses. */
export async function nextTurnstileTokenInvalid(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eTurnstileToken?: string }).__e2eTurnstileToken = 'forged-token';
  });
}
