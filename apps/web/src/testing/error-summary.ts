import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The error summary in `container` after a refused submit, once it has the focus (docs/czech.md
 * §5): the box under its heading „Vyskytl se problém".
 */
export async function focusedErrorSummary(container: HTMLElement = document.body): Promise<HTMLElement> {
  const heading = await within(container).findByRole('heading', { name: 'Vyskytl se problém' });
  const summary = heading.parentElement as HTMLElement;
  await waitFor(() => expect(summary).toHaveFocus());
  return summary;
}

/** The texts of the links in `element`, in order (an error summary's messages). */
export function linkTexts(element: HTMLElement): (string | null)[] {
  return within(element)
    .getAllByRole('link')
    .map((link) => link.textContent);
}
