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
] as const satisfies readonly { id: string; component: ComponentType }[];

export type SaferGamblingSection = (typeof saferGamblingSections)[number]['id'];
