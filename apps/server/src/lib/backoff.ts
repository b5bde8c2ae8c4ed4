/** Failures of one account from one address before each attempt must wait: 1 s, 2 s, 4 s … at most 5 minutes. */
const FAILURES_BEFORE_DELAY = 3;
const MAX_DELAY_SECONDS = 300;

/** Seconds an account-and-address pair must wait after `failures` failed sign-ins (members and operators). */
export function delaySeconds(failures: number): number {
  if (failures < FAILURES_BEFORE_DELAY) return 0;
  return Math.min(2 ** (failures - FAILURES_BEFORE_DELAY), MAX_DELAY_SECONDS);
}
