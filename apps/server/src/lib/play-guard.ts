/**
 * The one question every place that accepts a member's stake asks before it takes it (in-house slots, the
 * lottery's bets and chases, vendors' seamless bets): may this member play now? Modules above the products (safer
 * gambling's reality checks) answer it; services.ts connects them, so the products do not depend upwards.
 * A guard refuses by throwing an AppError with its own code.
 */
export type PlayCheck = { merchantId: number; memberId: number };
export type PlayGuard = (play: PlayCheck) => Promise<void>;

export function playGuardPort() {
  const guards: PlayGuard[] = [];
  return {
    connect(guard: PlayGuard) {
      guards.push(guard);
    },
    async check(play: PlayCheck) {
      for (const guard of guards) await guard(play);
    },
  };
}
export type PlayGuardPort = ReturnType<typeof playGuardPort>;
