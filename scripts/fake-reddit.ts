/**
 * The fake Reddit API for local runs.
 *   npm run fake-reddit [-- --port 8765] [--firehose COMMENTS,POSTS] [--no-fixtures] [--seed N]
 *     [--random-comment-ids] [--feed-token TOKEN --feed-user NAME]
 *   npm run fake-reddit -- post --subreddit saas --title "Looking for a zendesk alternative"
 *   npm run fake-reddit -- comment --subreddit saas --body "Has anyone tried zendesk?"
 * The post/comment commands add an item to a fake that is already running (its control API).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFakeReddit } from '../test/fakes/reddit/index';
import { DEFAULT_FIXTURES_DIR } from '../test/fakes/reddit/fixtures';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '8765' },
    url: { type: 'string' },
    firehose: { type: 'string' },
    'no-fixtures': { type: 'boolean', default: false },
    seed: { type: 'string' },
    'random-comment-ids': { type: 'boolean', default: false },
    'feed-token': { type: 'string' },
    'feed-user': { type: 'string' },
    client: { type: 'string', multiple: true },
    subreddit: { type: 'string' },
    title: { type: 'string' },
    selftext: { type: 'string' },
    body: { type: 'string' },
    link: { type: 'string' },
    'link-title': { type: 'string' },
    author: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const USAGE = `Usage:
  npm run fake-reddit [-- --port 8765] [--firehose COMMENTS_PER_S,POSTS_PER_S] [--no-fixtures] [--seed N] [--client ID:SECRET] [--random-comment-ids] [--feed-token TOKEN --feed-user NAME]
  npm run fake-reddit -- post --subreddit NAME --title TEXT [--selftext TEXT] [--author NAME]
  npm run fake-reddit -- comment --subreddit NAME --body TEXT [--link t3_ID | --link-title TEXT]
(post and comment talk to a running fake at --url, default http://127.0.0.1:PORT)`;

async function main(): Promise<number> {
  const command = positionals[0] ?? 'serve';
  if (values.help) return print(USAGE, 0);
  if (command === 'serve') return serve();
  if (command === 'post' || command === 'comment') return add(command);
  return print(`Unknown command "${command}".\n${USAGE}`, 2);
}

/**
 * What the fake starts with. A fresh clone has no recorded listings beside it, which is normal:
 * the fake starts empty and serves what is posted to it (or the firehose). "0 recorded items
 * loaded: fixtures not found" read like a failure.
 */
function itemsNote(withFixtures: boolean, recorded: number) {
  if (withFixtures) return `${recorded} recorded items from ../shared/fixtures/reddit`;
  if (values['no-fixtures']) return 'starts empty, as asked by --no-fixtures';
  return 'starts empty: it serves what you post to it, or --firehose';
}

async function serve(): Promise<number> {
  const port = Number(values.port);
  const withFixtures = !values['no-fixtures'] && existsSync(DEFAULT_FIXTURES_DIR);
  const fake = await startFakeReddit({
    port,
    fixtures: withFixtures ? 'recent' : 'none',
    seed: values.seed === undefined ? undefined : Number(values.seed),
    randomCommentIds: values['random-comment-ids'],
    // Reddit's private feed token lifts the feed throttle for that user's feed requests.
    feedToken:
      values['feed-token'] && values['feed-user']
        ? { token: values['feed-token'], user: values['feed-user'] }
        : undefined,
    // --client id:secret (repeatable): more OAuth clients, each with its own budget.
    extraClients: Object.fromEntries(
      (values.client ?? []).map((pair) => [pair.split(':')[0], pair.split(':').slice(1).join(':')]),
    ),
  });
  const lines = [
    `Fake Reddit listening on ${fake.url} (${itemsNote(withFixtures, fake.items().length)})`,
    '',
    'Point Earshot at it with:',
    `  REDDIT_API_BASE=${fake.url} REDDIT_AUTH_BASE=${fake.url} REDDIT_CLIENT_ID=fake-client-id REDDIT_CLIENT_SECRET=fake-client-secret`,
    '',
    'Add a matching post from another terminal:',
    `  npm run fake-reddit -- post --subreddit saas --title "Looking for a zendesk alternative"${port === 8765 ? '' : ` --url ${fake.url}`}`,
  ];
  if (values.firehose) {
    const [comments, posts] = values.firehose.split(',').map(Number);
    if (!Number.isFinite(comments) || !Number.isFinite(posts ?? 0)) {
      await fake.stop();
      return print(`--firehose takes COMMENTS_PER_S,POSTS_PER_S, e.g. 60,10`, 2);
    }
    fake.startFirehose({ commentsPerSecond: comments, postsPerSecond: posts ?? 0 });
    lines.push('', `Firehose: ${comments} comments/s and ${posts ?? 0} posts/s.`);
  }
  lines.push('', 'Press Ctrl+C to stop.');
  console.log(lines.join('\n'));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await fake.stop();
  return 0;
}

async function add(kind: 'post' | 'comment'): Promise<number> {
  const base = values.url ?? `http://127.0.0.1:${values.port}`;
  if (!values.subreddit) return print('--subreddit is required.', 2);
  const payload =
    kind === 'post'
      ? {
          subreddit: values.subreddit,
          title: values.title,
          selftext: values.selftext,
          author: values.author,
        }
      : {
          subreddit: values.subreddit,
          body: values.body,
          linkId: values.link,
          linkTitle: values['link-title'],
          author: values.author,
        };
  let res: Response;
  try {
    res = await fetch(`${base}/_fake/${kind}s`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    return print(`No fake Reddit answers at ${base}. Start one with: npm run fake-reddit`, 1);
  }
  const answer = (await res.json()) as {
    data?: Record<string, unknown>;
    message?: string;
    details?: unknown;
  };
  if (!res.ok || !answer.data) {
    return print(
      `The fake refused it: ${answer.message ?? res.status}\n${JSON.stringify(answer.details ?? '', null, 2)}`,
      1,
    );
  }
  const url = `https://www.reddit.com${String(answer.data.permalink)}`;
  return print(
    `Added ${String(answer.data.name)} to r/${String(answer.data.subreddit)}: ${url}`,
    0,
  );
}

function print(text: string, code: number): number {
  (code === 0 ? console.log : console.error)(text);
  return code;
}

process.exitCode = await main();
