/**
 * The dashboard users of bench:load, in a worker thread with an event loop of its own: each
 * user keeps one request in flight, cycling through what the dashboard asks for. After a 503
 * a user waits a quarter of a second (a client that retries sooner than Retry-After says).
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

const AFTER_503_MS = 250;

/**
 * @param {{ base: string; cookies: string[]; paths: string[]; seconds: number }} job
 * @returns {Promise<{ ok: number; shed: number; other: number; seconds: number; latencies: number[]; shedLatencies: number[] }>}
 */
async function load({ base, cookies, paths, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: cookies.length });
  const target = new URL(base);
  /** @type {number[]} Answered requests (200). */
  const latencies = [];
  /** @type {number[]} Shed requests (503). */
  const shedLatencies = [];
  let ok = 0;
  let shed = 0;
  let other = 0;
  const once = (cookie, path) =>
    new Promise((resolve) => {
      const start = performance.now();
      const req = http.get(
        { host: target.hostname, port: target.port, path, agent, headers: { cookie } },
        (res) => {
          res.resume();
          res.on('end', () => {
            const took = performance.now() - start;
            if (res.statusCode === 200) {
              ok++;
              latencies.push(took);
            } else if (res.statusCode === 503) {
              shed++;
              shedLatencies.push(took);
            } else other++;
            resolve(res.statusCode);
          });
        },
      );
      req.on('error', () => {
        other++;
        resolve(0);
      });
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    cookies.map(async (cookie, user) => {
      for (let i = user; performance.now() < until; i++) {
        const status = await once(cookie, paths[i % paths.length]);
        if (status === 503) await new Promise((resolve) => setTimeout(resolve, AFTER_503_MS));
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { ok, shed, other, seconds: elapsed, latencies, shedLatencies };
}

parentPort?.on('message', async (job) => parentPort?.postMessage(await load(job)));
