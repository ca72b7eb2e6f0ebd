import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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

/** Loads Cloudflare's script once, only on a page that needs it (spec §7). */
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

function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onToken);
  callback.current = onToken;
  useEffect(() => {
    let widgetId: string | undefined;
    let api: TurnstileApi | undefined;
    let cancelled = false;
    void loadTurnstile().then((loaded) => {
      if (cancelled || !container.current) return;
      api = loaded;
      widgetId = loaded.render(container.current, {
        sitekey: siteKey,
        language: 'cs',
        callback: (token: string) => callback.current(token),
        'expired-callback': () => callback.current(null),
        'error-callback': () => callback.current(null),
      });
    });
    return () => {
      cancelled = true;
      if (api && widgetId) api.remove(widgetId);
    };
  }, [siteKey]);
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
}

/** Bot protection of one public form, as the runtime config asks for. */
export function useBotProtection(form: BotProtectedForm): BotProtection {
  const { botProtection } = useRuntimeConfig();
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);

  if (botProtection.provider === 'turnstile' && botProtection.siteKey) {
    return {
      widget: <TurnstileWidget siteKey={botProtection.siteKey} onToken={setTurnstileToken} />,
      token: async () => turnstileToken ?? undefined,
    };
  }
  if (botProtection.provider === 'altcha') {
    return { widget: null, token: () => altchaToken(form) };
  }
  return { widget: null, token: async () => null };
}
