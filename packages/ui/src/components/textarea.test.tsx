// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Provider } from '../provider';
import { Textarea } from './textarea';

afterEach(cleanup);

function renderInForm() {
  const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
  const onFormKeyDown = vi.fn();
  const onDocumentKeyDown = vi.fn();
  document.addEventListener('keydown', onDocumentKeyDown);
  render(
    <Provider>
      <form
        onSubmit={(event) => onSubmit(event.nativeEvent)}
        onKeyDown={(event) => {
          onFormKeyDown();
          // A typical "Ctrl+Enter sends" shortcut on the surrounding form.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.requestSubmit();
        }}
      >
        <label htmlFor="note">Poznámka</label>
        <Textarea id="note" name="note" />
        <button type="submit">Odeslat</button>
      </form>
    </Provider>,
  );
  return {
    onSubmit,
    onFormKeyDown,
    onDocumentKeyDown,
    done: () => document.removeEventListener('keydown', onDocumentKeyDown),
  };
}

describe('Textarea', () => {
  it('inserts a new line on Enter without submitting the form', async () => {
    const user = userEvent.setup();
    const { onSubmit, done } = renderInForm();
    const field = screen.getByLabelText('Poznámka');
    await user.type(field, 'první řádek{Enter}druhý řádek');
    expect(field).toHaveProperty('value', 'první řádek\ndruhý řádek');
    expect(onSubmit).not.toHaveBeenCalled();
    done();
  });

  it('keeps Enter with modifiers from surrounding handlers and page shortcuts', () => {
    const { onSubmit, onFormKeyDown, onDocumentKeyDown, done } = renderInForm();
    const field = screen.getByLabelText('Poznámka');
    for (const modifiers of [{}, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const notCancelled = fireEvent.keyDown(field, { key: 'Enter', ...modifiers });
      // The default action (the new line) is not prevented.
      expect(notCancelled).toBe(true);
    }
    expect(onFormKeyDown).not.toHaveBeenCalled();
    expect(onDocumentKeyDown).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    done();
  });

  it('lets other keys through and calls its own onKeyDown', () => {
    const own = vi.fn();
    const outer = vi.fn();
    render(
      <Provider>
        <div onKeyDown={outer}>
          <Textarea aria-label="Text" onKeyDown={own} />
        </div>
      </Provider>,
    );
    const field = screen.getByLabelText('Text');
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(own).toHaveBeenCalledTimes(2);
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
