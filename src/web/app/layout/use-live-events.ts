import { LIVE_EVENTS_PATH, liveEventSchema } from '@shared/api/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { applyLiveEvent, refetchAfterFirstOpen, refetchAfterGap } from './live-events';

/** After the browser gives up on a stream (an error answer), the next try waits this long. */
const REOPEN_MS = 5_000;

/**
 * One server-sent event stream per signed-in tab (GET /api/events): the page refetches what
 * an event says changed, and nothing polls (decision 026). The browser reconnects a dropped
 * stream by itself; after an error answer it stops, so this opens a new one a little later.
 * A stream may have missed events before it opened, so each open refetches what is on screen.
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
      // Every open, the first too: what was stored between the page's first fetches and the
      // stream's start reached neither, and would wait for the next event (seen in CI). A
      // reopen may have missed anything; the first open only new mentions.
      source.onopen = () => {
        if (first) refetchAfterFirstOpen(queryClient);
        else refetchAfterGap(queryClient);
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
