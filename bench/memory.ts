const gc = (globalThis as { gc?: () => void }).gc;

/** Whether the run has `--expose-gc`: without it, heap figures are approximate. */
export const exactMemory = gc !== undefined;

/** Heap and array buffers in use, after two full collections when they can be asked for. */
export function memory(): number {
  gc?.();
  gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
