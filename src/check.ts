// Step 1 of every mode that has a body (SPEC §4): read it, parse the verdict, compare
// with expected-event — all before any network request. Shared by the action and the CLI.
import { loadBody } from './body.js';
import type { Config } from './config.js';
import { diagnose } from './core/diagnostics.js';
import { parseVerdict, type ReviewEvent, type Verdict } from './core/grammar.js';
import { Abort } from './result.js';

/** Step 1: body → verdict, before any network request. */
export function checkBody(cfg: Pick<Config, 'bodyPath' | 'body' | 'expectedEvent'>): { verdict: Verdict; event: ReviewEvent; text: string } {
  const loaded = loadBody(cfg.bodyPath, cfg.body);
  if (!loaded.ok) throw new Abort(loaded.reason, loaded.message);
  const parsed = parseVerdict(loaded.text);
  if (!parsed.ok) {
    const d = diagnose(parsed);
    const where = d.lastLine ? ` (line ${d.lastLine.line}: "${d.lastLine.text}")` : '';
    throw new Abort(parsed.reason, `${d.summary}${where}`, '', d);
  }
  if (cfg.expectedEvent && cfg.expectedEvent !== parsed.event) {
    throw new Abort(
      'mismatch',
      `the body's verdict line (line ${parsed.line}) says ${parsed.verdict}, which maps to event ${parsed.event}, but expected-event is ${cfg.expectedEvent}: the two sources disagree, so nothing is posted (ADR-151 §4); fix the persona's body or the step that computed expected-event`,
    );
  }
  return { verdict: parsed.verdict, event: parsed.event, text: parsed.text };
}

