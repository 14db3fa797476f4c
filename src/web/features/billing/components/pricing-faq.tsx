import { Accordion, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const FAQ = [
  {
    question: 'What counts as an alert?',
    answer:
      'An alert is one post or comment that matches one of your keywords, on Reddit, Hacker News, Lobsters or Bluesky: all of them count alike. The Free plan includes up to 3 keywords and 50 alerts per month; Pro removes both limits.',
  },
  {
    question: 'What happens when I reach the Free plan limits?',
    answer:
      'Your existing keywords keep working until the monthly alert quota is used up. New matches are not recorded after that until the next month starts, or until you upgrade to Pro.',
  },
  {
    question: 'Can I change plans later?',
    answer:
      'Yes. You can upgrade to Pro at any time from your account settings, and downgrade back to Free whenever you like. A downgrade takes effect at the end of the billing period you have already paid for.',
  },
  {
    question: 'How do email notifications work?',
    answer:
      'For each keyword you choose dashboard only, or dashboard plus email. Email matches are collected into a daily or weekly digest, so your inbox stays calm.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer:
      'Payments are handled by our card payment provider on its secure hosted checkout page. Earshot never sees or stores your card number.',
  },
];

export function PricingFaq() {
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Title order={2} ta="center" fz={{ base: 22, sm: 26 }}>
        Frequently asked questions
      </Title>
      <Accordion
        variant="separated"
        radius="md"
        styles={{
          item: {
            backgroundColor: 'var(--mantine-color-white)',
            border: '1px solid var(--mantine-color-gray-2)',
          },
        }}
      >
        {FAQ.map(({ question, answer }) => (
          <Accordion.Item key={question} value={question}>
            <Accordion.Control>{question}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed">
                {answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
        <Accordion.Item value="refunds">
          <Accordion.Control>Do you offer refunds?</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" c="dimmed">
              You can request a refund within 15 days of a payment. Read the full{' '}
              <Anchor component={Link} to="/refund" size="sm">
                refund policy
              </Anchor>{' '}
              for the details.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
