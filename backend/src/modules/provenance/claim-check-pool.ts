import { BodyWorkTask, builtWorkerScript } from '../../common/worker-pool.js';
import type { CheckedClaim, CheckSource } from './claim-check.js';

/** The claim check, on the body-work thread: parsing the largest body allowed and weighing each sentence against the sources takes tens of milliseconds, which the event loop never spends. */
export const claimChecker = new BodyWorkTask<{ html: string; sources: CheckSource[] }, CheckedClaim[]>(
  builtWorkerScript('modules/provenance/claim-check.worker.js'),
);

/** checkClaims(html, sources), made off the event loop. */
export const checkClaimsOffLoop = (html: string, sources: CheckSource[]): Promise<CheckedClaim[]> => claimChecker.run({ html, sources });
