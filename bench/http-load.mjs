/**
 * The load generator of bench:api, run in a worker thread so that it has an event loop of its
 * own: `connections` keep-alive loops, each with one request in flight, for `seconds`.
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

/**
 * @param {{ url: string; headers: Record<string, string>; connections: number; seconds: number }} job
 * @returns {Promise<{ requests: number; errors: number; seconds: number; latencies: number[] }>}
 */
async function load({ url, headers, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const path = target.pathname + target.search;
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  const once = () =>
    new Promise((resolve) => {
      const start = performance.now();
      const options = {
        host: target.hostname,
        port: target.port,
        path,
        agent,
        headers,
      };
      const req = http.get(options, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - start);
          else errors++;
          resolve(undefined);
        });
      });
      req.on('error', () => {
        errors++;
        resolve(undefined);
      });
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { requests: latencies.length, errors, seconds: elapsed, latencies };
}

parentPort?.on('message', async (job) => parentPort?.postMessage(await load(job)));
