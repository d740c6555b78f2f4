// Merge queue refs — pure. GitHub names a merge group's branch
// refs/heads/gh-readonly-queue/<base>/pr-<N>-<sha>, where <sha> is the commit the group
// is stacked on (not the PR's head). Anything else is not a merge group we can read.

export interface QueueRef {
  base: string;
  pullNumber: number;
  stackedOn: string;
}

const QUEUE_REF = /^refs\/heads\/gh-readonly-queue\/(.+)\/pr-([1-9][0-9]{0,9})-([0-9a-f]{40})$/;

export function parseQueueRef(ref: string): QueueRef | null {
  const m = QUEUE_REF.exec(ref);
  return m ? { base: m[1]!, pullNumber: Number(m[2]), stackedOn: m[3]! } : null;
}
