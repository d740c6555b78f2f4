// Mode check: validate the body offline — no token, no network.
import { checkBody } from '../check.js';
import type { Config } from '../config.js';
import type { End } from '../core/outcome.js';

export function runCheck(cfg: Config): End {
  return { kind: 'checked', verdict: checkBody(cfg).verdict };
}
