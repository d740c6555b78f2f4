/** One line per finding; [] when the workflow keeps the rule (see workflow-rules.mjs). */
export function securityFindings(text: string, file: string): string[];
