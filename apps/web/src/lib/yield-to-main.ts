/**
 * Ends the current task so the browser can paint and handle input, then continues: start-up
 * work split this way shows up as several short tasks instead of one long one (Total Blocking
 * Time; docs/decisions/007-prerendered-public-pages.md). `scheduler.yield()` keeps our place in the
 * queue where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
