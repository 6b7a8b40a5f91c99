// The totals of one `npm test` run and its closing lines. A suite that could not run is counted as
// skipped and named with why, so a run without Chromium or PostgreSQL never reads as complete.

export class TestSummary {
  passed = 0;
  failed = 0;
  skipped = 0;
  failedSuites = [];
  skippedSuites = [];

  /** Adds a suite's own counts. */
  add({ passed = 0, failed = 0, skipped = 0 }) {
    this.passed += passed;
    this.failed += failed;
    this.skipped += skipped;
  }

  /** A suite that did not run: one skipped, named beside the closing line with the reason. */
  skipSuite(label, reason) {
    this.skippedSuites.push(`${label} (${reason})`);
    this.skipped += 1;
  }

  /**
   * A failed suite. One that failed outside any test (a hook, a crash, no report: `failuresCounted` 0)
   * still counts as a failure, so the closing line never says "0 failed" for a failed run.
   */
  failSuite(label, failuresCounted) {
    this.failedSuites.push(label);
    if (!failuresCounted) this.failed += 1;
  }

  /** What the run prints last; the very last line is the one CI reads. */
  closingLines() {
    const lines = [];
    if (this.skippedSuites.length) lines.push(`Skipped suites (each counted as 1 skipped): ${this.skippedSuites.join("; ")}`);
    if (this.failedSuites.length) lines.push(`Failed: ${this.failedSuites.join("; ")}`);
    lines.push(`${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
    return lines;
  }
}
