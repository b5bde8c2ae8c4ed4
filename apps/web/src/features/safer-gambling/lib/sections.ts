import { type ComponentType, lazy } from 'react';

/**
 * The sections of the member centre's safer-gambling page, in the order shown; each is its own chunk.
 * A section's label is `saferGambling.sections.<id>` in the locale files.
 */
export const saferGamblingSections = [
  {
    id: 'overview',
    component: lazy(() =>
      import('../components/overview-section.tsx').then((m) => ({ default: m.OverviewSection })),
    ),
  },
  {
    id: 'limits',
    component: lazy(() =>
      import('../components/limits-section.tsx').then((m) => ({ default: m.LimitsSection })),
    ),
  },
  {
    id: 'realityChecks',
    component: lazy(() =>
      import('../components/reality-checks-section.tsx').then((m) => ({ default: m.RealityChecksSection })),
    ),
  },
  {
    id: 'breaks',
    component: lazy(() =>
      import('../components/breaks-section.tsx').then((m) => ({ default: m.BreaksSection })),
    ),
  },
  {
    id: 'verification',
    component: lazy(() =>
      import('../components/verification-section.tsx').then((m) => ({ default: m.VerificationSection })),
    ),
  },
  {
    id: 'statement',
    component: lazy(() =>
      import('../components/statement-section.tsx').then((m) => ({ default: m.StatementSection })),
    ),
  },
] as const satisfies readonly { id: string; component: ComponentType }[];

export type SaferGamblingSection = (typeof saferGamblingSections)[number]['id'];
