// The claim check's thread (see claim-check-pool.ts).
import { serveJobs } from '../../common/worker-pool.js';
import { checkClaims, type CheckSource } from './claim-check.js';

serveJobs(({ html, sources }: { html: string; sources: CheckSource[] }) => checkClaims(html, sources));
