// The claim check's task on the body-work thread (see claim-check-pool.ts).
import { checkClaims, type CheckSource } from './claim-check.js';

export default ({ html, sources }: { html: string; sources: CheckSource[] }) => checkClaims(html, sources);
