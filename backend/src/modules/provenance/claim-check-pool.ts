import { WorkerPool } from '../../common/worker-pool.js';
import type { CheckedClaim, CheckSource } from './claim-check.js';

/** The process's claim check thread: parsing the largest body allowed and weighing each sentence against the sources takes tens of milliseconds, which the event loop never spends. */
const claimChecker = new WorkerPool<{ html: string; sources: CheckSource[] }, CheckedClaim[]>(new URL('./claim-check.worker.js', import.meta.url), 'claim check');

/** checkClaims(html, sources), made off the event loop. */
export const checkClaimsOffLoop = (html: string, sources: CheckSource[]): Promise<CheckedClaim[]> => claimChecker.run({ html, sources });
