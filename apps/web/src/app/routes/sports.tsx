import { SportsPage } from './sports-page.tsx';

/** /sports: the in-house sportsbook, and the sports vendors. */
export function Component() {
  return <SportsPage product="SPORTS" />;
}
