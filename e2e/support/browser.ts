import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL_PATH } from '@portal/config/chromium';

/** How both suites start Debian's Chromium: its headless shell, with the workspace's one set of flags. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
  args: [...CHROMIUM_FLAGS],
};

/** The Czech locale and Prague time zone every page is viewed in. */
export const CZECH_CONTEXT = { locale: 'cs-CZ', timezoneId: 'Europe/Prague' } as const;
