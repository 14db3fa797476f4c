import { Anchor, Text } from '@mantine/core';
import type { Mention } from '@shared/api/mentions';
import { SOURCE_LABELS } from '@shared/sources';
import { Fragment } from 'react';
import { replyHref, replyLineParts, type Reply } from '../reply-line';

// "14 points" is not split across lines; the line breaks between its parts.
const whole = { whiteSpace: 'nowrap' } as const;

/**
 * The reply Earshot read in the thread (DESIGN §9): how soon it came, linked to it, and its
 * score and replies as last read. A reply found deleted stays, marked. Plain inline text, so on
 * a phone it wraps like a sentence.
 */
export function ReplyLine({ mention, reply }: { mention: Mention; reply: Reply }) {
  const parts = replyLineParts(mention, reply);
  return (
    <Text size="xs" c="dimmed">
      <Anchor
        href={replyHref(mention, reply)}
        target="_blank"
        rel="noopener noreferrer"
        inherit
        fw={600}
        title={`Open the reply on ${SOURCE_LABELS[mention.source]}`}
      >
        {parts.lead}
      </Anchor>
      {parts.facts.map((fact) => (
        <Fragment key={fact}>
          {' · '}
          <span style={whole}>{fact}</span>
        </Fragment>
      ))}
      {parts.deleted && (
        <>
          {' · '}
          <Text span inherit c="orange" fw={600} style={whole}>
            reply deleted
          </Text>
        </>
      )}
    </Text>
  );
}
