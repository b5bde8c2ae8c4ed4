import { realityCheckUseCases } from './reality-checks.ts';
import { type SaferGamblingDeps, saferGamblingCore } from './safer-gambling-core.ts';
import { signalUseCases } from './signals.ts';
import { statementUseCases } from './statements.ts';

/**
 * Safer gambling (issue 18 items 2 and 5; docs/decisions/049-reality-checks-and-signals.md): reality checks and the
 * play guard the products ask, the member's activity statement, the signal rules and the operators' interactions.
 */
export function saferGamblingService(deps: SaferGamblingDeps) {
  const core = saferGamblingCore(deps);
  return {
    settingsOf: core.settingsOf,
    ...realityCheckUseCases(core),
    ...statementUseCases(core),
    ...signalUseCases(core),
  };
}
export type SaferGamblingService = ReturnType<typeof saferGamblingService>;
