import type { LaunchOptions } from '@playwright/test';

/**
 * How both suites start Debian's Chromium. Without the networking flags Chromium floods this
 * machine's closed network with connections that are refused (docs/architecture.md §7).
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The Czech locale and Prague time zone every page is viewed in. */
export const CZECH_CONTEXT = { locale: 'cs-CZ', timezoneId: 'Europe/Prague' } as const;
