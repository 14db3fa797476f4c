import {
  reserveSlot,
  type BudgetOptions,
  type BudgetState,
  type InteractiveMinute,
  type SlotRule,
} from './budget';

/**
 * What users set off (the volume preview's week search, Run API Test, the backfill of a new
 * keyword) may take at most this share of the budget, all users together: about 20 requests a
 * minute of Reddit's 100. The listings keep the rest and go first (decision record 022).
 */
export const INTERACTIVE_SHARE = 0.2;
const MINUTE_MS = 60_000;

export type InteractiveRefusal = {
  /** `user`: this user's fair part is used up; `everyone`: the share is; `busy`: no slot soon. */
  reason: 'user' | 'everyone' | 'busy';
  retryAfterMs: number;
};

/** The share's requests a minute at the window's rate. */
export function interactivePerMinute(state: BudgetState, options: BudgetOptions) {
  const perMinute = (state.windowLimit * MINUTE_MS) / options.windowMs;
  return Math.max(1, Math.floor(perMinute * INTERACTIVE_SHARE));
}

/**
 * Takes a slot for `user` within the interactive share, or says why not and for how long.
 * Each user who asked this minute gets an equal part of the share (at least one request), so
 * that eight accounts together get no more than one; a slot further off than `maxWaitMs`
 * (the listings are queued) is refused too. Nothing is taken on refusal, but the user counts
 * as one who asked.
 */
export function interactiveSlot(want: {
  user: string;
  maxWaitMs: number;
}): SlotRule<InteractiveRefusal> {
  return (state, now, options) => tryReserveInteractive(state, now, options, want);
}

export function tryReserveInteractive(
  state: BudgetState,
  now: number,
  options: BudgetOptions,
  want: { user: string; maxWaitMs: number },
): ReturnType<SlotRule<InteractiveRefusal>> {
  const current = state.interactive;
  const minute: InteractiveMinute =
    current && now - current.startedAt < MINUTE_MS && now >= current.startedAt
      ? { ...current, users: { ...current.users } }
      : { startedAt: now, used: 0, users: {} };
  minute.users[want.user] ??= 0;
  const untilNextMinute = minute.startedAt + MINUTE_MS - now;
  const share = interactivePerMinute(state, options);
  const fairPart = Math.max(1, Math.floor(share / Object.keys(minute.users).length));
  const asked = { ...state, interactive: minute };
  if (minute.users[want.user] >= fairPart) {
    return { ok: false, state: asked, reason: 'user', retryAfterMs: untilNextMinute };
  }
  if (minute.used >= share) {
    return { ok: false, state: asked, reason: 'everyone', retryAfterMs: untilNextMinute };
  }
  const reserved = reserveSlot(state, now, options);
  if (reserved.sendAt - now > want.maxWaitMs) {
    return { ok: false, state: asked, reason: 'busy', retryAfterMs: reserved.sendAt - now };
  }
  minute.used += 1;
  minute.users[want.user] += 1;
  return { ok: true, sendAt: reserved.sendAt, state: { ...reserved.state, interactive: minute } };
}
