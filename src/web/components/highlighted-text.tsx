import type { HighlightSegment } from '@shared/query/highlight';
import classes from './highlighted-text.module.css';

/** Text with its matched pieces in <mark>. Always React text nodes: Reddit text is never HTML. */
export function HighlightedText({ segments }: { segments: HighlightSegment[] }) {
  return segments.map((segment, i) =>
    segment.match ? (
      <mark key={i} className={classes.match}>
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
