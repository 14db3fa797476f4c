/**
 * `task` over every input with at most `concurrency` at once, results in input order: the
 * polite bound between one request at a time and an unbounded burst.
 */
export async function mapPool<T, R>(
  inputs: readonly T[],
  concurrency: number,
  task: (input: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const lane = async () => {
    while (next < inputs.length) {
      const at = next++;
      results[at] = await task(inputs[at]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, inputs.length) }, lane));
  return results;
}
