/**
 * The fake Jetstream of bench:sources on a thread of its own, as the real one is another
 * machine: it sends post events at a steady rate and works out, with its own copy of the index,
 * which mentions they should make. Messages: `start`, `drop` (close every connection), `burst`
 * (n frames as fast as it can), `stop` (answers what was sent and expected), `close`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileAlertIndex, type AlertInput } from '../src/server/matching';
import { startFakeJetstream } from '../test/fakes/jetstream/server';
import { textMaker } from './planted-text';
import { Random } from './random';

const { inputs, plant, rate, share } = workerData as {
  inputs: AlertInput[];
  plant: string[];
  rate: number;
  share: number;
};
const port = parentPort!;
const jet = await startFakeJetstream();
const index = compileAlertIndex(inputs);
const text = textMaker(new Random(9), plant);
const expected: [string, number][] = [];
let emitted = 0;
let timer: NodeJS.Timeout | undefined;

function post(body: string) {
  const did = `did:plc:u${emitted % 5000}`;
  const { uri } = jet.post(did, body);
  emitted++;
  const item = {
    source: 'bluesky' as const,
    id: uri,
    kind: 'post' as const,
    subreddit: '',
    title: '',
    body,
    score: null,
    author: did,
  };
  for (const match of index.match(item)) expected.push([`${match.alertId}:${uri}`, Date.now()]);
}

port.on('message', (message: { type: string; n?: number }) => {
  if (message.type === 'start') {
    // Self-correcting: each tick sends what the rate owes since the start.
    const start = performance.now();
    let sent = 0;
    timer = setInterval(() => {
      const owed = Math.floor(((performance.now() - start) / 1000) * rate) - sent;
      for (let i = 0; i < owed; i++) post(text(share));
      sent += owed;
    }, 20);
  } else if (message.type === 'drop') {
    jet.dropConnections();
  } else if (message.type === 'burst') {
    for (let i = 0; i < (message.n ?? 0); i++) jet.post(`did:plc:raw${i % 500}`, text(0));
  } else if (message.type === 'stop') {
    clearInterval(timer);
    port.postMessage({ emitted, expected, connections: jet.connections.length });
  } else if (message.type === 'close') {
    void jet.stop().then(() => port.postMessage({ closed: true }));
  }
});
port.postMessage({ url: jet.url });
