import { LIVE_EVENTS_PATH, liveEventSchema } from '@shared/api/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { applyLiveEvent, refetchAfterGap } from './live-events';

/** After the browser gives up on a stream (an error answer), the next try waits this long. */
const REOPEN_MS = 5_000;

/**
 * One server-sent event stream per signed-in tab (GET /api/events): the page refetches what
 * an event says changed, and nothing polls (decision 026). The browser reconnects a dropped
 * stream by itself; after an error answer it stops, so this opens a new one a little later.
 * A reopened stream may have missed events, so it refetches what is on screen. The first one
 * refetches nothing the page just fetched: the server starts it with a mentions event when
 * mentions were stored just before it opened (they may have missed the page's first fetches).
 *
 * The server streams the workspace current when the stream opened: a switch opens a new one.
 * The first stream opens at once, not after the workspace is known: a mention stored while the
 * page waited would otherwise reach neither its first fetch nor the stream.
 */
export function useLiveEvents(workspace: number | undefined) {
  const queryClient = useQueryClient();
  const [stream, setStream] = useState(0);
  const streamed = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (workspace === undefined) return;
    if (streamed.current !== undefined && streamed.current !== workspace) setStream((n) => n + 1);
    streamed.current = workspace;
  }, [workspace]);
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const open = () => {
      source = new EventSource(LIVE_EVENTS_PATH);
      source.onopen = () => {
        if (!first) refetchAfterGap(queryClient);
        first = false;
      };
      source.onmessage = (message: MessageEvent<string>) => {
        const event = liveEventSchema.safeParse(parseJson(message.data));
        if (event.success) applyLiveEvent(queryClient, event.data);
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        reopen = setTimeout(open, REOPEN_MS);
      };
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [queryClient, stream]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
