// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Provider } from '../provider';
import { Button } from './button';

afterEach(cleanup);

function SlowForm({ onSubmit }: { onSubmit: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        setBusy(true);
      }}
    >
      <label htmlFor="name">Jméno</label>
      <input id="name" />
      <Button type="submit" loading={busy}>
        Uložit
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('keeps the focus while loading, says it is busy and sends nothing twice', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <Provider>
        <SlowForm onSubmit={onSubmit} />
      </Provider>,
    );
    const button = screen.getByRole('button', { name: 'Uložit' });
    await user.click(screen.getByLabelText('Jméno'));
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    expect(document.activeElement).toBe(button);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    // Activated again while busy, by key or by Enter in the field: nothing more is sent.
    await user.keyboard('{Enter}');
    await user.click(screen.getByLabelText('Jméno'));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('passes clicks on when not loading', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(
      <Provider>
        <Button onClick={onClick}>Stáhnout</Button>
      </Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Stáhnout' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
