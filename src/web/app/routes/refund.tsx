import { Text } from '@mantine/core';
import { LegalList, LegalPage, LegalSection, SupportEmailLink } from '../../components/legal-page';

export default function RefundRoute() {
  return (
    <LegalPage
      title="Refund Policy"
      updated="1 November 2025"
      intro={
        <>
          We want you to be happy with Earshot Pro. This policy explains when you can get your money
          back for a Pro payment and how to ask for it.
        </>
      }
    >
      <LegalSection title="1. Eligibility">
        <Text>
          You can request a refund within <strong>15 days</strong> of the payment you want refunded.
          We approve requests where, for example:
        </Text>
        <LegalList
          items={[
            'you were charged twice for the same period;',
            'you were charged after cancelling your subscription;',
            'Earshot did not work as described and we could not fix the problem.',
          ]}
        />
      </LegalSection>

      <LegalSection title="2. How to request a refund">
        <Text>
          Email <SupportEmailLink /> from the address of your Earshot account, with the date and
          amount of the payment and a short description of the reason. Our support team replies
          within <strong>3-5 business days</strong>.
        </Text>
      </LegalSection>

      <LegalSection title="3. Processing">
        <Text>
          Approved refunds are processed within <strong>7-10 business days</strong> and paid back to
          the original payment method. Your bank may need a few extra days to show the money on your
          statement. When a refund is approved your subscription ends, and your account returns to
          the Free plan.
        </Text>
      </LegalSection>

      <LegalSection title="4. What is not refundable">
        <LegalList
          items={[
            <>
              <strong>Change of mind</strong> after the subscription has started.
            </>,
            <>
              <strong>Unused service</strong>, such as a month in which you did not sign in or did
              not create keywords.
            </>,
            <>
              <strong>Third-party issues</strong> outside our control, such as Reddit outages or API
              changes, your email provider filtering digests, or bank fees.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="5. Cancelling instead">
        <Text>
          You can cancel Pro at any time in Settings. You keep Pro until the end of the billing
          period you have paid for, and you will not be charged again.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
