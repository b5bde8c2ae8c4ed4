// Prints the current authenticator code of a demo operator (npm run demo-code -- owner): for trying the back office
// without an authenticator app. The demo keys are published in seed/demo.ts; real operators' keys never leave
// their app.
import { currentCode } from '../modules/totp/totp.service.ts';
import { demoOperators, demoTotpKey } from './demo.ts';

const username = process.argv[2] ?? 'owner';
const key = demoTotpKey(username);
if (!key) {
  const withKeys = demoOperators.filter((o) => o.totpKey).map((o) => o.username);
  console.error(
    `No demo authenticator key for "${username}"; demo operators with one: ${withKeys.join(', ')}.`,
  );
  process.exit(1);
}
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${currentCode(key)}  (${username}; valid for ${secondsLeft} more seconds, and once)`);
