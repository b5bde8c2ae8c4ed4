// Plain constants without zod, so the browser's first load can use them (zod stays in lazy chunks).

/** Member types: 0 member, 1/2/41/42 agents, 4 trial (free play). */
export const memberTypes = [0, 1, 2, 4, 41, 42] as const;
export const agentTypes = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
