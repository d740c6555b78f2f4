// Mode check: validate the body offline — no token, no network.
import { checkBody, loadFindings } from '../check.js';
import type { Config } from '../config.js';
import type { End } from '../core/outcome.js';

export function runCheck(cfg: Config): End {
  const verdict = checkBody(cfg).verdict;
  const findings = cfg.findingsPath ? loadFindings(cfg.findingsPath) : null;
  const notices = findings ? [`${findings.length} finding(s) match the schema`] : [];
  return { kind: 'checked', verdict, notices };
}
