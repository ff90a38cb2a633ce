// The last lines of a CI log are often all that is read of it: after the run, one short block per failed
// test (its title, where, the first lines of the error and how long it ran), so the reason for a red run is in
// the tail even when the dot reporter's full output above it is cut off.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

export default class FailureSummary implements Reporter {
  private failed: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed' && result.status !== 'skipped') this.failed.push({ test, result });
  }

  onEnd(result: FullResult) {
    if (this.failed.length === 0) return;
    const lines = [`e2e failures (${this.failed.length}, run ${result.status}):`];
    for (const { test, result: r } of this.failed) {
      lines.push(`- ${test.titlePath().filter(Boolean).join(' › ')} [${r.status}, ${(r.duration / 1000).toFixed(1)} s]`);
      for (const e of r.errors) {
        const text = strip(e.message ?? e.value ?? '').split('\n').filter((l) => l.trim()).slice(0, 6);
        lines.push(...text.map((l) => `    ${l.slice(0, 300)}`));
        if (e.location) lines.push(`    at ${e.location.file.split('/web/').pop()}:${e.location.line}`);
      }
    }
    console.log(lines.join('\n'));
  }
}
