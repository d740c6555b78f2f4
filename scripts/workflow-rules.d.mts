/** One line per finding; [] when the workflow keeps the rule (see workflow-rules.mjs). */
export function securityFindings(text: string, file: string): string[];
/** The persona credentials a piece of a workflow names: secret names, and 'a private-key input'. */
export function personaCredentials(node: unknown): string[];
