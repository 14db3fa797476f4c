import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalList, LegalPage, LegalSection, SupportEmailLink } from '../../components/legal-page';

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 November 2025"
      intro={
        <>
          Earshot is a self-hostable keyword alert service for Reddit, Hacker News, Lobsters and
          Bluesky. This policy explains what personal data the operator of this Earshot instance
          (&quot;we&quot;, &quot;us&quot;) collects, why, and what control you have over it. We
          collect only what the service needs to work.
        </>
      }
    >
      <LegalSection title="1. What we collect">
        <LegalList
          items={[
            <>
              <strong>Account details:</strong> your email address, your username and your password.
              Passwords are stored only as a salted Argon2 hash; nobody can read them.
            </>,
            <>
              <strong>Your settings:</strong> the keywords and subreddits you track, your
              notification choices, your email digest schedule and your time zone.
            </>,
            <>
              <strong>Matched content:</strong> public posts and comments that match your keywords
              (subreddit, title, text, author name, score and link), and whether you marked them as
              replied.
            </>,
            <>
              <strong>Billing records:</strong> if you subscribe to Pro, the payment provider&apos;s
              customer and subscription identifiers, the amounts, dates and status of your payments.
              Card details are entered on the provider&apos;s page and never reach us.
            </>,
            <>
              <strong>Technical data:</strong> a session cookie that keeps you signed in, and server
              logs with IP addresses, kept for security and to limit abuse.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="2. How we use it">
        <LegalList
          items={[
            'To run your keyword alerts and show matches on your dashboard.',
            'To send the email digests and account emails you ask for.',
            'To process payments and keep the records that tax law requires.',
            'To protect the service: rate limiting, preventing abuse and investigating incidents.',
          ]}
        />
        <Text>
          We do not sell your data, show you advertising or build marketing profiles. We do not use
          your data to train machine learning models.
        </Text>
      </LegalSection>

      <LegalSection title="3. Cookies">
        <Text>
          Earshot sets a single, strictly necessary session cookie when you sign in. It is deleted
          when you log out or when the session expires. There are no analytics or advertising
          cookies.
        </Text>
      </LegalSection>

      <LegalSection title="4. Who we share it with">
        <Text>We share data only with the services that make Earshot work:</Text>
        <LegalList
          items={[
            'The card payment provider, for Pro subscriptions and refunds.',
            'The email delivery provider configured for this instance, to deliver your emails.',
            'Reddit, whose public API we read. We send your keywords as search terms but never your personal details.',
            'Hacker News, Lobsters and Bluesky, whose public feeds we read in full: they receive neither your keywords nor your personal details.',
          ]}
        />
        <Text>
          We may also disclose information when the law requires it, for example under a valid court
          order.
        </Text>
      </LegalSection>

      <LegalSection title="5. How long we keep it">
        <Text>
          We keep your data for as long as your account exists. When you delete your account, your
          keywords, matched content, digest settings and sessions are deleted at once, and any paid
          subscription is cancelled. Payment records are kept for accounting purposes with the
          reference to your account removed. Server logs are rotated within 30 days.
        </Text>
      </LegalSection>

      <LegalSection title="6. Your rights">
        <LegalList
          items={[
            'See and correct your username and email address in Settings at any time.',
            'Delete your account and its data yourself from Settings, in the Danger Zone.',
            'Ask us for a copy of your data or about how it is processed.',
            'Complain to your local data protection authority if you believe we got something wrong.',
          ]}
        />
      </LegalSection>

      <LegalSection title="7. Security">
        <Text>
          Passwords are hashed, sessions are random tokens that can be revoked, and sign-in attempts
          are rate limited. No system is perfectly secure, but we will tell affected users promptly
          if we learn of a breach involving their data.
        </Text>
      </LegalSection>

      <LegalSection title="8. Children">
        <Text>
          Earshot is not meant for anyone under 16, and we do not knowingly collect their data.
        </Text>
      </LegalSection>

      <LegalSection title="9. Changes and contact">
        <Text>
          We will post any change to this policy on this page and update the date above. Questions
          about privacy can go to <SupportEmailLink />. See also our{' '}
          <Anchor component={Link} to="/terms">
            Terms of Service
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
