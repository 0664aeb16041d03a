// The evidence module's public surface: the app, the CLI and the tests import it from here, never a file inside.

export { EvidenceModule } from './evidence.module.js';
export { EvidenceExportService } from './evidence-export.service.js';
export { evidenceDocument } from './evidence-format.js';
export { EVIDENCE_USAGE, parseEvidenceArgs, runEvidenceCommand } from './evidence-cli.js';
