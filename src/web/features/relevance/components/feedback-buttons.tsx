import { ActionIcon, Group } from '@mantine/core';
import type { RelevanceLabel } from '@shared/api/relevance';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { toastError } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useSetFeedback } from '../api/set-feedback';

type Props = { mention: { id: number; feedback: RelevanceLabel | null } };

/**
 * The thumbs on a mention card: "Relevant" and "Not relevant", pressed as the user marked it;
 * pressing the marked one again takes the mark back. The keyword's filter learns from them.
 */
export function FeedbackButtons({ mention }: Props) {
  // Labels teach the keyword's filter: a viewer's would be refused (403).
  const canLabel = useCan('member');
  const feedback = useSetFeedback(mention.id, {
    onError: (error) => toastError('Could not save your feedback', error),
  });
  // While saving, the buttons show where they are going (the latest press).
  const current = feedback.isPending ? feedback.variables.label : mention.feedback;
  const press = (label: RelevanceLabel) =>
    feedback.mutate({ mentionId: mention.id, label: current === label ? null : label });
  const pressed = (label: RelevanceLabel) => current === label;
  if (!canLabel) return null;
  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label="Is this mention relevant?">
      <ActionIcon
        variant={pressed('relevant') ? 'filled' : 'subtle'}
        color={pressed('relevant') ? 'teal.8' : 'gray'}
        size="md"
        aria-label="Relevant"
        aria-pressed={pressed('relevant')}
        title="Relevant: show more like this"
        onClick={() => press('relevant')}
      >
        <IconThumbUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant={pressed('irrelevant') ? 'filled' : 'subtle'}
        color={pressed('irrelevant') ? 'red.8' : 'gray'}
        size="md"
        aria-label="Not relevant"
        aria-pressed={pressed('irrelevant')}
        title="Not relevant: fewer like this"
        onClick={() => press('irrelevant')}
      >
        <IconThumbDown size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
