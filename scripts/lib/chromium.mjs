// Debian's Chromium and the flags these machines need (docs/architecture.md#machines), for the end-to-end
// tests and the benchmark; nothing downloads a browser.

/**
 * The tests' browser: the headless shell (Debian's chromium-headless-shell: Chromium's own Blink and V8 of
 * the same release, without the desktop browser around them). A test file's pages cost it about a third
 * of the CPU the full browser's headless mode takes, and the end-to-end tier is bound by CPU.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/**
 * The benchmark's browser: the full Chromium, as a reader runs it. Its page-load figures (Lighthouse's
 * TBT, the phone profile's hydration gap) include the browser's own work, which the shell's lighter one
 * would flatter, so the targets stay measured against the full browser.
 */
export const BENCH_CHROMIUM_PATH = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';

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
