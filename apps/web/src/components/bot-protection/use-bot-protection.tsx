import { Box } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { altchaToken, type BotProtectedForm } from '#src/lib/bot-protection.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render: (element: HTMLElement, options: Record<string, unknown>) => string;
  reset: (widgetId?: string) => void;
  remove: (widgetId: string) => void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let turnstileScript: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once, only on a page that needs it (docs/product.md §7). */
function loadTurnstile(): Promise<TurnstileApi> {
  turnstileScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load')));
    script.onerror = () => {
      turnstileScript = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return turnstileScript;
}

function TurnstileWidget({
  siteKey,
  action,
  onToken,
  onReset,
}: {
  siteKey: string;
  /** The form's name: siteverify reports it back and the BFF checks it (a token is per form). */
  action: BotProtectedForm;
  onToken: (token: string | null) => void;
  /** Receives the function that makes the widget issue a new token (each token is single-use). */
  onReset: (reset: (() => void) | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onToken);
  callback.current = onToken;
  const resetCallback = useRef(onReset);
  resetCallback.current = onReset;
  useEffect(() => {
    let widgetId: string | undefined;
    let api: TurnstileApi | undefined;
    let cancelled = false;
    void loadTurnstile().then((loaded) => {
      if (cancelled || !container.current) return;
      api = loaded;
      widgetId = loaded.render(container.current, {
        sitekey: siteKey,
        action,
        language: 'cs',
        callback: (token: string) => callback.current(token),
        'expired-callback': () => callback.current(null),
        'error-callback': () => callback.current(null),
      });
      const id = widgetId;
      resetCallback.current(() => loaded.reset(id));
    });
    return () => {
      cancelled = true;
      resetCallback.current(null);
      if (api && widgetId) api.remove(widgetId);
    };
  }, [siteKey, action]);
  return <Box ref={container} minH="16" />;
}

export interface BotProtection {
  /** The widget to render inside the form (Turnstile only); null otherwise. */
  widget: ReactNode;
  /**
   * The `X-Bot-Token` value for a submission: null when protection is off; undefined when the
   * user still has to complete the Turnstile check. ALTCHA is solved here, on submit.
   */
  token: () => Promise<string | null | undefined>;
  /**
   * After a submission the server has seen (whether it passed or failed): a Turnstile token is
   * single-use, so the widget is asked for a new one. Nothing to do for ALTCHA or when off.
   */
  reset: () => void;
}

/** Bot protection of one public form, as the runtime config asks for. */
export function useBotProtection(form: BotProtectedForm): BotProtection {
  const { botProtection } = useRuntimeConfig();
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const resetWidget = useRef<(() => void) | null>(null);
  const onReset = useCallback((reset: (() => void) | null) => {
    resetWidget.current = reset;
  }, []);

  if (botProtection.provider === 'turnstile' && botProtection.siteKey) {
    return {
      widget: (
        <TurnstileWidget siteKey={botProtection.siteKey} action={form} onToken={setTurnstileToken} onReset={onReset} />
      ),
      token: () => Promise.resolve(turnstileToken ?? undefined),
      reset: () => {
        setTurnstileToken(null);
        resetWidget.current?.();
      },
    };
  }
  if (botProtection.provider === 'altcha') {
    return { widget: null, token: () => altchaToken(form), reset: () => undefined };
  }
  return { widget: null, token: () => Promise.resolve(null), reset: () => undefined };
}
