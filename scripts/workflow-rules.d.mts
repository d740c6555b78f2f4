/** One line per finding; [] when the workflow keeps the rule (see workflow-rules.mjs). */
export function securityFindings(text: string, file: string): string[];
/** Every finding with its level: fail where a PR could walk around the gate, warn for hygiene. */
export function gradedFindings(
  text: string,
  branches?: readonly string[] | null,
): Array<{ where: string; says: string; level: 'fail' | 'warn'; creds?: string[] }>;
/** The persona credentials a piece of a workflow names: secret names, and 'a private-key input'. */
export function personaCredentials(node: unknown): string[];
/** What stands for every secret of a job in a finding's `creds`. */
export const EVERY_SECRET: string;
/** An expression hands over the whole `secrets` object: secrets[...], toJSON(secrets). */
export function namesEverySecret(text: string): boolean;
/** A step's `with:` as the runner reads it: keys without case. */
export function inputsOf(step: unknown): Record<string, unknown>;
