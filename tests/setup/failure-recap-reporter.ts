import { stripVTControlCharacters } from "node:util";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Repeats, at the very end of the output, why each failed or flaky test failed. The line
 * reporter prints an error where it happens, hundreds of lines before the summary; a CI log that
 * keeps only its tail would otherwise name a failed test without its error.
 */
export default class FailureRecapReporter implements Reporter {
  private readonly failures: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== "passed" && result.status !== "skipped") this.failures.push({ test, result });
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return;
    console.log(`\nFailed attempts (${this.failures.length}), with their errors:`);
    for (const { test, result } of this.failures) {
      const outcome = test.outcome() === "flaky" ? "flaky, passed on retry" : "failed";
      console.log(
        `\n● ${test.titlePath().filter(Boolean).join(" › ")} (attempt ${result.retry + 1}, ${outcome})`,
      );
      for (const error of result.errors) console.log(indent(recap(error.message ?? error.value ?? "")));
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

const MAX_LINES = 25;

function recap(message: string): string {
  const lines = stripVTControlCharacters(message).split("\n");
  return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), "…"].join("\n") : lines.join("\n");
}

function indent(text: string): string {
  return text.replace(/^/gm, "    ");
}
