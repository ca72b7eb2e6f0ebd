import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Actor } from './actor.js';
import type { CreatedRecords } from './created.js';
import type { Answer, BrowserClient } from './http-client.js';
import type { Recorder } from './recorder.js';

export interface VisitorSettings {
  runTag: string;
  created: CreatedRecords;
  /** Milliseconds of ALTCHA proof of work per solved challenge (the browser's share of the cost). */
  solveTimes: number[];
}

const is = (status: number) => (answer: Answer) => answer.status === status;

/**
 * An anonymous visitor filing a public support request: the runtime configuration (page
 * load), an ALTCHA challenge for the form solved in Node with altcha-lib as the widget would,
 * the request with the solution in `X-Bot-Token`, then following it with its access code.
 * Every try of the submission gets a fresh challenge: a solution is accepted once.
 */
export class Visitor extends Actor {
  private visits = 0;

  constructor(
    name: string,
    client: BrowserClient,
    recorder: Recorder,
    private readonly number: number,
    private readonly settings: VisitorSettings,
  ) {
    super(name, client, recorder);
  }

  protected logInAgain(): Promise<boolean> {
    return Promise.resolve(false);
  }

  async visit(): Promise<void> {
    this.visits += 1;
    const { runTag, created } = this.settings;
    const config = await this.step('config', () => this.client.call('GET', '/api/config'), { ok: is(200) });
    if (!config) return;
    const provider = (config.body as { botProtection?: { provider?: string | null } }).botProtection?.provider ?? null;
    if (provider !== null && provider !== 'altcha')
      throw new Error(`bot protection ${provider} cannot be solved by the load (only ALTCHA)`);

    const subject = `${runTag} ${this.name}: dotaz k parkování (${this.visits})`;
    const key = randomUUID();
    const request = await this.step(
      'public request',
      async () => {
        const headers: Record<string, string> = { 'idempotency-key': key };
        if (provider === 'altcha') {
          const token = await this.solvedToken();
          // No challenge after its retries: the submission cannot go out; answer as it did.
          if (typeof token !== 'string') return token;
          headers['x-bot-token'] = token;
        }
        return this.client.call('POST', '/api/v1/public_support/', {
          json: {
            category: 'support',
            name: `Návštěvník ${this.number}`,
            email: `navstevnik-${this.number}@zatez.example.cz`,
            subject,
            message: 'Dobrý den, lze u budovy parkovat přes noc?',
          },
          headers,
        });
      },
      { ok: is(201) },
    );
    if (!request) {
      created.unanswered.push({ actor: this.name, kind: 'public request', marker: subject });
      return;
    }
    const { id, access_code: accessCode } = request.body as { id: number; access_code: string };
    created.publicRequests.push({ actor: this.name, id, accessCode, subject });
    await this.step(
      'follow request',
      () => this.client.call('GET', `/api/v1/public_support/${id}/?code=${encodeURIComponent(accessCode)}`),
      {
        ok: is(200),
      },
    );
  }

  /** A solved challenge for the public-support form, or the answer that refused the challenge. */
  private async solvedToken(): Promise<string | Answer> {
    let refusal: Answer | null = null;
    const challenge = await this.step(
      'challenge',
      async () => {
        const answer = await this.client.call('GET', '/api/bot-protection/challenge?form=public-support');
        refusal = answer;
        return answer;
      },
      { ok: is(200) },
    );
    if (!challenge) return refusal ?? { status: 0, body: null, headers: {}, ms: 0, error: 'no_challenge' };
    const started = performance.now();
    const issued = challenge.body as Challenge;
    const solution = await solveChallenge({ challenge: issued, deriveKey });
    if (solution === null) throw new Error('the BFF issued an ALTCHA challenge without a solution');
    this.settings.solveTimes.push(performance.now() - started);
    return Buffer.from(JSON.stringify({ challenge: issued, solution })).toString('base64');
  }
}
