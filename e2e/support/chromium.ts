import fs from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium; the browser tests stop with the way to install it when it is missing. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  const found = [fromEnv, ...candidates].find((p): p is string => Boolean(p && fs.existsSync(p)));
  if (!found) {
    throw new Error(
      'Chromium is needed for the browser tests and was not found. Install it with `apt-get install -y chromium` ' +
        '(as root; .ci/run does this) or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return found;
}
