import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 * Left to itself V8 picks up to 300 % while collecting is cheap next to the work; under tens of
 * thousands of cached reads a second the API then carried up to 300 MB of request objects that had
 * outlived two scavenges before collecting them. 20 % keeps the heap near its live size (about
 * 85 MB) with no loss of throughput in `npm run bench` (docs/benchmark.md "Memory"). It is a pace, not a limit:
 * the heap still grows as far as the work needs.
 */
const HEAP_GROWING_PERCENT = 20;

/** For the API process, at start (Node refuses this V8 flag in NODE_OPTIONS). */
export function paceGarbageCollection(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
