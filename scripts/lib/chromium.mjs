// Debian's Chromium and the flags these machines need (docs/architecture.md#machines), for the end-to-end
// tests and the benchmark alike; nothing downloads a browser. The headless shell (Debian's
// chromium-headless-shell: Chromium's own Blink and V8 of the same release, without the desktop browser
// around them) is what the tests drive: a test file's pages cost it about a third of the CPU the full
// browser's headless mode takes, and the two end-to-end tiers are bound by CPU.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
