let made = 0;

/**
 * A short lowercase tag (letters and digits) no other call of this run makes, for the keywords,
 * subreddits, titles and names a test creates. A retried test runs against what its first
 * attempt left: the same server and database, and the fake Reddit's posts, which stay listed and
 * searchable. With its own tag a retry neither matches the first attempt's posts nor collides
 * with its names, so its counts are its own.
 */
export function uniqueTag(): string {
  made += 1;
  return `${made.toString(36)}${Date.now().toString(36)}`;
}
