// Writes each project's totals to .test-results/<rootDir's name>.json, for the one summary line that `npm test`
// prints at the end.
import fs from 'node:fs';
import path from 'node:path';

const RESULTS_DIR = new URL('./.test-results/', import.meta.url).pathname;

export default class SummaryReporter {
  constructor(globalConfig) {
    this.name = path.basename(globalConfig.rootDir);
  }

  onRunComplete(_contexts, results) {
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS_DIR, `${this.name}.json`),
      JSON.stringify({ passed: results.numPassedTests, failed: results.numFailedTests + results.numRuntimeErrorTestSuites, skipped: results.numPendingTests }),
    );
  }
}
