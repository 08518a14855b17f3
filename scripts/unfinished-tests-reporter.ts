import path from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Names the test files, and the tests in them, that a run started and never finished. When a test
 * worker process dies (a native crash, a signal, the kernel's out-of-memory killer), Vitest 4 reports
 * only "Worker exited unexpectedly", and its summary counts the lost file as neither passed nor
 * failed: this says which file the dead worker was running, printed last so a log's tail shows it.
 * Results reach the main process in batches, so a test listed here may have ended just before the
 * worker died; the first one listed in a file is where to look.
 */
export default class UnfinishedTestsReporter implements Reporter {
  private readonly files = new Map<string, TestModule>();
  private readonly tests = new Map<string, TestCase>();

  onTestModuleStart(testModule: TestModule): void {
    this.files.set(testModule.id, testModule);
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.files.delete(testModule.id);
  }

  onTestCaseReady(testCase: TestCase): void {
    this.tests.set(testCase.id, testCase);
  }

  onTestCaseResult(testCase: TestCase): void {
    this.tests.delete(testCase.id);
  }

  onTestRunEnd(): void {
    if (this.files.size === 0) return;
    const lines = ['', 'Test files started and never finished (their worker stopped while running them):'];
    for (const testModule of this.files.values()) {
      lines.push(`  ${testModule.project.name}: ${path.relative(process.cwd(), testModule.moduleId)}`);
      for (const testCase of this.tests.values())
        if (testCase.module.id === testModule.id) lines.push(`    without a result: ${testCase.fullName}`);
    }
    console.error(lines.join('\n'));
  }
}
