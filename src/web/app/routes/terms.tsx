import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalList, LegalPage, LegalSection, SupportEmailLink } from '../../components/legal-page';

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="1 November 2025"
      intro={
        <>
          These terms govern your use of this Earshot instance, a keyword alert service for Reddit,
          Hacker News, Lobsters and Bluesky run by its operator (&quot;we&quot;, &quot;us&quot;). By
          creating an account you agree to them. If you do not agree, please do not use the service.
        </>
      }
    >
      <LegalSection title="1. The service">
        <Text>
          Earshot lets you track keywords on Reddit, Hacker News, Lobsters and Bluesky, optionally
          limited to chosen sites and subreddits, and shows matching public posts and comments on a
          dashboard and in email digests. Earshot is an independent product and is not affiliated
          with, endorsed by or sponsored by any of these sites.
        </Text>
      </LegalSection>

      <LegalSection title="2. Your account">
        <LegalList
          items={[
            'You must give a valid email address and keep your password confidential.',
            'You are responsible for everything done with your account.',
            'You must be at least 16 years old to use Earshot.',
            'One person or organisation may not use several Free accounts to get around the plan limits.',
          ]}
        />
      </LegalSection>

      <LegalSection title="3. Acceptable use">
        <Text>You agree not to use Earshot to:</Text>
        <LegalList
          items={[
            "break the rules of the sites you are alerted about (Reddit's User Agreement and Content Policy, a subreddit's rules, Hacker News', Lobsters' or Bluesky's guidelines), for example by spamming threads you were alerted to;",
            'harass, track or profile individual people;',
            'break the law or infringe the rights of others;',
            'probe, overload or disrupt the service or try to access other accounts.',
          ]}
        />
      </LegalSection>

      <LegalSection title="4. Content from the sites">
        <Text>
          Posts and comments shown in Earshot belong to their authors and are subject to the terms
          of the site they were posted on. We show them so that you can find and join conversations;
          do not republish them without permission. Earshot depends on these sites&apos; public
          interfaces and cannot guarantee that every matching post or comment is found, or found
          within a given time.
        </Text>
      </LegalSection>

      <LegalSection title="5. Plans, billing and cancellation">
        <LegalList
          items={[
            'The Free plan includes up to 3 active keywords and 50 alerts per calendar month.',
            'The Pro plan costs $14.99 per month, billed in advance in US dollars through our card payment provider, and removes those limits.',
            'A subscription renews every month until you cancel it. You can cancel at any time in Settings; Pro stays active until the end of the period you paid for.',
            'We will tell you at least 30 days in advance about any price change, which applies from your next billing period.',
          ]}
        />
        <Text>
          Refunds follow our{' '}
          <Anchor component={Link} to="/refund">
            Refund Policy
          </Anchor>
          .
        </Text>
      </LegalSection>

      <LegalSection title="6. Suspension and termination">
        <Text>
          You can delete your account at any time from Settings. We may suspend or close accounts
          that break these terms, after a warning where that is reasonable. When an account is
          closed its data is deleted as described in our{' '}
          <Anchor component={Link} to="/privacy">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </LegalSection>

      <LegalSection title="7. Disclaimer and liability">
        <Text>
          Earshot is provided &quot;as is&quot;. We work to keep it available and accurate but do
          not promise that it will be uninterrupted or error-free. To the extent the law allows, our
          total liability for any claim is limited to the amount you paid us in the 12 months before
          the claim, and we are not liable for indirect losses such as lost profits or missed
          opportunities.
        </Text>
      </LegalSection>

      <LegalSection title="8. Changes and contact">
        <Text>
          We may update these terms; we will post the new version here and, for important changes,
          email you before they take effect. Questions? Write to <SupportEmailLink />.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
