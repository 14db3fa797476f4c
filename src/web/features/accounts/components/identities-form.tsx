import { Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  IDENTITY_SOURCES,
  identitiesUpdateSchema,
  type Identities,
  type IdentitySource,
} from '@shared/api/identities';
import type { RedditMode } from '@shared/api/ingestion';
import type { SourceName } from '@shared/sources';
import { ErrorAlert } from '../../../components/error-alert';
import { SaveChangesButton } from '../../../components/save-changes-button';
import { useEnabledSources } from '../../../lib/get-site-info';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useIdentities } from '../api/get-identities';
import { useUpdateIdentities } from '../api/update-identities';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

type Values = Record<IdentitySource, string>;

const validateIdentities = schemaResolver(identitiesUpdateSchema, { sync: true });

const valuesOf = (identities: Identities): Values => ({
  reddit: identities.reddit ?? '',
  hackernews: identities.hackernews ?? '',
  bluesky: identities.bluesky ?? '',
});

/**
 * Where Reddit replies are seen, and when they may not be: Earshot reads comments only in the
 * listings it reads anyway (no request of its own), which limited mode and keywords without
 * comments leave out. Said for this server's mode once known, in both cases until then.
 */
function redditDescription(mode: RedditMode | undefined) {
  const seen = 'Seen in the comment listings Earshot reads.';
  const byHand = 'mark the mention replied by hand then.';
  if (mode === 'oauth') return `${seen} For keywords without comments it may miss yours: ${byHand}`;
  if (mode === 'no-credentials') {
    return `${seen} This server reads Reddit in limited mode (no API credentials), so it may miss yours, as for keywords without comments: ${byHand}`;
  }
  return `${seen} In limited mode (no Reddit API credentials) and for keywords without comments it may miss yours: ${byHand}`;
}

const FIELDS: Record<
  IdentitySource,
  { label: string; placeholder: string; description: (mode: RedditMode | undefined) => string }
> = {
  reddit: {
    label: 'Reddit username',
    placeholder: 'u/ not needed, e.g. spez',
    description: redditDescription,
  },
  hackernews: {
    label: 'Hacker News username',
    placeholder: 'e.g. pg',
    description: () => 'The name your comments on news.ycombinator.com are signed with.',
  },
  bluesky: {
    label: 'Bluesky handle',
    placeholder: 'e.g. name.bsky.social',
    description: () => 'Your handle, @ not needed; a did:plc: identifier works too.',
  },
};

/** The sites this server reads, once it has said (all of them until then: decision 030). */
function shownSources(enabled: readonly SourceName[] | undefined) {
  return IDENTITY_SOURCES.filter((source) => !enabled || enabled.includes(source));
}

function IdentitiesFields({
  identities,
  redditMode,
}: {
  identities: Identities;
  redditMode: RedditMode | undefined;
}) {
  const update = useUpdateIdentities();
  const enabled = useEnabledSources();
  const form = useForm<Values>({
    initialValues: valuesOf(identities),
    validate: validateIdentities,
  });

  // Every name is sent, the hidden ones (sites this server does not read) as they were.
  const submit = form.onSubmit((values) => {
    update.mutate(identitiesUpdateSchema.parse(values), {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        const named = IDENTITY_SOURCES.some((source) => saved[source] !== null);
        toastSuccess(
          'Your names are saved',
          named
            ? 'Earshot marks a mention replied when it reads your reply in its thread.'
            : 'Earshot no longer looks for your replies.',
        );
      },
      onError: failedSubmit(form, 'Update failed'),
    });
  });

  const shown = shownSources(enabled);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This server reads none of the sites whose replies Earshot can tell apart.
      </Text>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Your names on the sites">
      <Stack gap="md" maw={480}>
        <Text size="sm">
          Earshot marks a mention replied by itself when it reads your reply in that thread, and
          shows the reply’s score on the card. Each team member gives their own names here.
        </Text>
        {shown.map((source) => (
          <TextInput
            key={source}
            label={FIELDS[source].label}
            description={FIELDS[source].description(redditMode)}
            placeholder={FIELDS[source].placeholder}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...form.getInputProps(source)}
          />
        ))}
        <SaveChangesButton dirty={form.isDirty()} pending={update.isPending} label="Save Names" />
      </Stack>
    </form>
  );
}

/**
 * Settings → Profile: who the user is on Reddit, Hacker News and Bluesky, so Earshot can tell
 * their replies (DESIGN §9). `redditMode`: how this server reads Reddit, for the Reddit note
 * (undefined until known).
 */
export function IdentitiesForm({ redditMode }: { redditMode?: RedditMode }) {
  const identities = useIdentities();
  if (identities.isPending) {
    return (
      <LoadingPlaceholder gap="md" maw={480} label="Loading your names on the sites">
        <Skeleton height={40} />
        <Skeleton height={60} />
        <Skeleton height={60} />
        <Skeleton height={60} />
        <Skeleton height={36} width={140} />
      </LoadingPlaceholder>
    );
  }
  if (identities.isError) {
    return (
      <ErrorAlert
        title="Could not load your names on the sites"
        error={identities.error}
        onRetry={() => void identities.refetch()}
        retrying={identities.isFetching}
      />
    );
  }
  return <IdentitiesFields identities={identities.data} redditMode={redditMode} />;
}
