// The totals of one `npm test` run and its closing lines. A suite that could not run is counted as
// skipped and named with why, so a run without Chromium or PostgreSQL never reads as complete.

export class TestSummary {
  passed = 0;
  failed = 0;
  skipped = 0;
  failedSuites = [];
  skippedSuites = [];
  failedTests = [];
  flakyTests = [];
  timings = [];

  /** Adds a suite's own counts. */
  add({ passed = 0, failed = 0, skipped = 0 }) {
    this.passed += passed;
    this.failed += failed;
    this.skipped += skipped;
  }

  /** One failed test by file and title, named again at the end so CI's last lines say which. */
  failedTest(name) {
    this.failedTests.push(name);
  }

  /** A test that failed and then passed on a retry: it counts as passed, but a flaky test is a bug to fix. */
  flakyTest(name) {
    this.flakyTests.push(name);
  }

  /** How long one step took, for the closing table of where the time went. */
  timed(label, seconds) {
    this.timings.push({ label, seconds });
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
    if (this.timings.length) lines.push(`Time per suite: ${this.timings.map(({ label, seconds }) => `${label} ${seconds} s`).join("; ")}`);
    if (this.flakyTests.length) lines.push(`Flaky (failed, then passed on a retry): ${this.flakyTests.join("; ")}`);
    if (this.failedTests.length) lines.push(`Failed tests: ${this.failedTests.join("; ")}`);
    if (this.skippedSuites.length) lines.push(`Skipped suites (each counted as 1 skipped): ${this.skippedSuites.join("; ")}`);
    if (this.failedSuites.length) lines.push(`Failed: ${this.failedSuites.join("; ")}`);
    lines.push(`${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
    return lines;
  }
}
