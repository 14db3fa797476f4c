import type { Config } from '../../config';
import {
  createHackerNewsClient,
  createJsonGetter,
  type HackerNewsClient,
  type JsonGetter,
} from '../../sources';

/** The clients of the sites beyond Reddit that SOURCES names, built once per process. */
export type SourceClients = {
  hackerNews?: HackerNewsClient;
  lobsters?: { baseUrl: string; getJson: JsonGetter };
  /** Jetstream's WebSocket address: the reader opens its one connection itself. */
  blueskyUrl?: string;
};

/** Tests shorten the time limits and backoffs. */
export type SourceTuning = { timeoutMs?: number; retries?: number; backoffMs?: number };

export function sourceClientsFromConfig(config: Config, tuning: SourceTuning = {}): SourceClients {
  const reads = (name: string) => config.sources.some((source) => source === name);
  return {
    hackerNews: reads('hackernews')
      ? createHackerNewsClient({
          baseUrl: config.hackerNews.apiBase,
          getJson: createJsonGetter({ site: 'Hacker News', ...tuning }),
        })
      : undefined,
    lobsters: reads('lobsters')
      ? {
          baseUrl: config.lobsters.base,
          getJson: createJsonGetter({ site: 'Lobsters', ...tuning }),
        }
      : undefined,
    blueskyUrl: reads('bluesky') ? config.bluesky.jetstreamUrl : undefined,
  };
}
