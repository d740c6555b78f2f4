// What one of the doctor's checks is: its level, what it says, and the setting that fixes it.
// doctor-branch, -persona, -environments and -secrets build these; the workflow readers' findings
// (WorkflowIssue, core/doctor-writers.ts) become checks in core/doctor.ts, which puts them in a report.

export type Level = 'ok' | 'warn' | 'fail';

export interface Check {
  id: string;
  level: Level;
  says: string;
  /** Which setting to change, and where; '' when ok. */
  fix: string;
  /** The doctor could not see this setting: reported as a warning, never as ok. */
  unknown?: boolean;
}

export const ok = (id: string, says: string): Check => ({ id, level: 'ok', says, fix: '' });
