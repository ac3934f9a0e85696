/** Retries an assertion until it passes or the time runs out: for asynchronous consumers. */
export async function expectEventually<T>(assertion: () => Promise<T> | T, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let delay = 20;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 250);
    }
  }
}
