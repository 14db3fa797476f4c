import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import type { User } from '@shared/api/auth';
import {
  IconAlertTriangle,
  IconApi,
  IconBell,
  IconCreditCard,
  IconLock,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import {
  DangerZone,
  IdentitiesForm,
  PasswordForm,
  ProfileForm,
  useAuth,
} from '../../features/accounts';
import { ApiSettings } from '../../features/api-keys';
import { SubscriptionOverview, useCheckoutReturn } from '../../features/billing';
import { ChannelSettings, DeadLetters, FeedsSettings } from '../../features/channels';
import { NotificationSettings, TestEmailSection } from '../../features/email';
import { GlobalExclusions } from '../../features/exclusions';
import { useRedditAccess } from '../../features/ingestion';
import { TeamSettings } from '../../features/workspaces';
import classes from './settings.module.css';

const TABS = [
  'profile',
  'team',
  'api',
  'subscription',
  'notifications',
  'security',
  'danger',
] as const;
type SettingsTab = (typeof TABS)[number];

const isTab = (value: string | null): value is SettingsTab => TABS.includes(value as SettingsTab);

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** The account itself, then who the user is on the sites (read only while the tab is open). */
function ProfileTab({ user }: { user: User }) {
  // How this server reads Reddit: the Reddit name's note says what limited mode misses.
  const redditMode = useRedditAccess().data?.mode;
  return (
    <Stack gap="lg">
      <Section title="Profile" description="Your username and the email address you sign in with.">
        <ProfileForm key={user.id} user={user} />
      </Section>
      <Section
        title="Your names on the sites"
        description="Who you are on the sites Earshot reads, so it recognises your own replies."
      >
        <IdentitiesForm key={user.id} redditMode={redditMode} />
      </Section>
    </Stack>
  );
}

export default function SettingsRoute() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isTab(requested) ? requested : 'profile';
  useCheckoutReturn();

  // The protected layout renders this page only with a user.
  if (!user) return null;

  return (
    <>
      <PageHeader
        title="Account Settings"
        description="Manage your profile, team, API keys, plan, notifications and security."
      />
      <Tabs
        value={tab}
        onChange={(next) => isTab(next) && setSearchParams({ tab: next }, { replace: true })}
        keepMounted={false}
        classNames={{ tab: classes.tab, tabSection: classes.tabSection }}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="team" leftSection={<IconUsers size={16} aria-hidden />}>
            Team
          </Tabs.Tab>
          <Tabs.Tab value="api" leftSection={<IconApi size={16} aria-hidden />}>
            API
          </Tabs.Tab>
          <Tabs.Tab value="subscription" leftSection={<IconCreditCard size={16} aria-hidden />}>
            <Text span inherit visibleFrom="sm">
              Subscription
            </Text>
            <Text span inherit hiddenFrom="sm">
              Plan
            </Text>
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} aria-hidden />}>
            <Text span inherit visibleFrom="sm">
              Notifications
            </Text>
            <Text span inherit hiddenFrom="sm">
              Notify
            </Text>
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconLock size={16} aria-hidden />}>
            Security
          </Tabs.Tab>
          <Tabs.Tab
            value="danger"
            color="red"
            leftSection={<IconAlertTriangle size={16} aria-hidden />}
          >
            <Text span inherit visibleFrom="sm">
              Danger Zone
            </Text>
            <Text span inherit hiddenFrom="sm">
              Danger
            </Text>
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="profile">
          <ProfileTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="team">
          <Section
            title="Team"
            description="Who works in this workspace, what each of them may do, and who is invited."
          >
            <TeamSettings userId={user.id} />
          </Section>
        </Tabs.Panel>
        <Tabs.Panel value="api">
          <Section
            title="API"
            description="Use Earshot's mentions in your own tools and AI agents."
          >
            <ApiSettings />
          </Section>
        </Tabs.Panel>
        <Tabs.Panel value="subscription">
          <Section title="Subscription" description="Your plan, billing and payment history.">
            <SubscriptionOverview />
          </Section>
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <Stack gap="lg">
            <Section
              title="Global exclusions"
              description="Subreddits and authors never to be shown for any of your keywords: bots like AutoModerator, a competitor's own account."
            >
              <GlobalExclusions />
            </Section>
            <Section
              title="Channels"
              description="Places Earshot posts each new mention to within seconds of finding it."
            >
              <ChannelSettings />
            </Section>
            <Section
              title="Failed deliveries"
              description="Mentions a channel refused outright, or kept failing for a day of retries."
            >
              <DeadLetters />
            </Section>
            <Section
              title="Email Digests"
              description="New mentions by email: within minutes, or a daily or weekly summary at a time that suits you."
            >
              <NotificationSettings emailVerified={user.emailVerified} />
            </Section>
            <Section
              title="Feeds"
              description="Your mentions as Atom and JSON feeds, for feed readers and automation tools."
            >
              <FeedsSettings />
            </Section>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <Section
            title="Change Password"
            description="Use a password you do not use anywhere else."
          >
            <PasswordForm />
          </Section>
        </Tabs.Panel>
        <Tabs.Panel value="danger">
          <DangerZone
            testEmail={<TestEmailSection user={user} />}
            onDeleted={() => void navigate('/landing', { replace: true })}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
