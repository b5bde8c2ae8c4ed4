import { SportsPage } from './sports-page.tsx';

/** /esports: the in-house sportsbook's esports, and the esports vendors. */
export function Component() {
  return <SportsPage product="ESPORTS" />;
}
