/**
 * Gives `target` a stand-in for a browser API jsdom lacks, leaving a real one alone. Written with
 * `in` and defineProperty, so the check does not read (and detach) the method it looks for.
 */
export function stubMissing<Target extends object>(target: Target, name: string, value: unknown): void {
  if (!(name in target)) Object.defineProperty(target, name, { value, configurable: true, writable: true });
}

/**
 * jsdom has no modal dialogs (the browser's are exercised in e2e): `showModal` and `close` of
 * `<dialog>` just set and remove `open`. Call from `beforeAll`.
 */
export function stubModalDialogs(): void {
  stubMissing(HTMLDialogElement.prototype, 'showModal', function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  stubMissing(HTMLDialogElement.prototype, 'close', function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  });
}
