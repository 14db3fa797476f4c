import { Text, type TextProps } from '@mantine/core';

/**
 * A keyword in a narrow column: it wraps between its terms only, so `-author:AutoModerator` or
 * `"zendesk alternative"` never breaks at its hyphen or in mid-word, and the column is at least
 * as wide as its longest term.
 */
export function KeywordText({ keyword, ...props }: TextProps & { keyword: string }) {
  const terms = keyword.split(/\s+/).filter((term) => term !== '');
  return (
    <Text {...props}>
      {terms.map((term, i) => (
        <span key={i}>
          {i > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>{term}</span>
        </span>
      ))}
    </Text>
  );
}
