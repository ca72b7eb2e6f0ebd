/** A clock (epoch ms) a test moves by hand, shared by the BFF and the fake upstream it runs on. */
export class TestClock {
  private ms = Date.now();

  /** Pass as the `now` option (a bound function, so it can be handed around). */
  readonly now = (): number => this.ms;

  advance(ms: number): void {
    this.ms += ms;
  }
}
