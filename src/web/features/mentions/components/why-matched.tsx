import { Collapse, Text, UnstyledButton } from '@mantine/core';
import type { Mention } from '@shared/api/mentions';
import { explainMatch, type MatchPlace } from '@shared/query';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';

const PLACES: Record<MatchPlace, string> = {
  title: 'the title',
  text: 'the text',
  comment: 'the comment',
};

const placesText = (where: MatchPlace[]) =>
  where.length === 0
    ? 'across the title and text'
    : `in ${where.map((w) => PLACES[w]).join(' and ')}`;

/**
 * "Why it matched": the keyword's terms found in this mention and where, the part of the
 * query that held, and apart from them the top-level filters (which apply to the whole query), worked out with the matcher's own rules (src/shared/query/explain.ts).
 * Nothing is shown when the keyword was edited after the mention was stored.
 */
export function WhyMatched({ mention }: { mention: Mention }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { keyword, title, body, isComment, author, subreddit, source } = mention;
  const why = useMemo(
    () => explainMatch(keyword, { title, body, isComment, author, subreddit, source }),
    [keyword, title, body, isComment, author, subreddit, source],
  );
  if (!why) return null;
  return (
    <div>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        fz="xs"
        fw={600}
        c="dimmed"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
      >
        Why it matched
        <IconChevronDown
          size={12}
          aria-hidden
          style={{ transform: open ? 'rotate(180deg)' : undefined }}
        />
      </UnstyledButton>
      <Collapse expanded={open} id={id}>
        <Text size="xs" c="dimmed" mt={4}>
          {why.terms.map(({ term, where }, i) => (
            <span key={term}>
              {i > 0 && '; '}
              <Text span inherit fw={600} c="var(--mantine-color-text)">
                {term}
              </Text>{' '}
              {placesText(where)}
            </span>
          ))}
          . Rule that held: <code>{why.path}</code>
        </Text>
        {why.filters.length > 0 && (
          <Text size="xs" c="dimmed">
            Filters that held for the whole keyword:{' '}
            {why.filters.map((filter, i) => (
              <span key={filter}>
                {i > 0 && ' '}
                <code>{filter}</code>
              </span>
            ))}
          </Text>
        )}
      </Collapse>
    </div>
  );
}
