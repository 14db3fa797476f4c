import { describe, expect, test } from 'vitest';
import { asWebWork, createPriorityGate, gateClient } from './priority-gate';

/** A statement that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe('the priority gate', () => {
  test('queued worker work runs before web work that queued earlier', async () => {
    const gate = createPriorityGate();
    const order: string[] = [];
    const first = held();
    const running = asWebWork(() => gate.run(() => first.done.then(() => order.push('web 1'))));
    const web = asWebWork(() => gate.run(async () => void order.push('web 2')));
    const worker = gate.run(async () => void order.push('worker'));
    expect(gate.queued()).toEqual({ worker: 1, web: 1 });
    first.finish();
    await Promise.all([running, web, worker]);
    expect(order).toEqual(['web 1', 'worker', 'web 2']);
  });

  test('a failed statement frees the gate', async () => {
    const gate = createPriorityGate();
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });

  test('a gated client runs one call at a time, the worker first', async () => {
    const order: string[] = [];
    const first = held();
    const client = {
      query: async (what: string) => void order.push(what),
      exec: async (what: string) => void order.push(what),
      transaction: async (what: string) => {
        await first.done;
        order.push(what);
      },
    };
    gateClient(client, createPriorityGate());
    const tx = client.transaction('web transaction');
    const web = asWebWork(() => client.query('web query'));
    const worker = client.exec('worker exec');
    first.finish();
    await Promise.all([tx, web, worker]);
    expect(order).toEqual(['web transaction', 'worker exec', 'web query']);
  });
});
