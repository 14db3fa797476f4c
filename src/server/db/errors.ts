/** PostgreSQL's SQLSTATE of a failed query, wherever the driver (pg, PGlite, Drizzle) put it. */
function sqlState(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/**
 * 23503: a row refers to one that is gone. A write racing the deletion of its user (DELETE
 * /api/user) ends here; the services answer it as the user being gone (401), not a 500.
 */
export function isForeignKeyViolation(error: unknown) {
  return sqlState(error) === '23503';
}

/** 23505: a unique index refused the row (an email or username another account took first). */
export function isUniqueViolation(error: unknown) {
  return sqlState(error) === '23505';
}
