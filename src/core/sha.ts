// How a commit is named to people: its first 7 hex digits ('?' when it is not known).
export const short = (sha: string | undefined | null): string => (sha ? sha.slice(0, 7) : '?');
