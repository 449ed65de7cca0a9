/**
 * The background loops' wait (`BackgroundLoop`, lib/platform/server/background/loop.ts): a sleep that `wake()`
 * ends at once, so new work or a stop is not kept waiting for the timer. `wake()` with no sleep
 * in progress does nothing.
 */
export class InterruptibleSleep {
  private wakeUp: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  wake(): void {
    this.wakeUp?.();
  }
}
