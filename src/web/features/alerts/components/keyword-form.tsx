import { Alert as Notice, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keywordSchema, minScoreSchema, type Alert } from '@shared/api/alerts';
import { SITE_WIDE_NEEDS_CREDENTIALS } from '@shared/api/ingestion';
import { parseSubreddits } from '@shared/api/subreddits';
import type { SourceName } from '@shared/sources';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DialogFooter } from '../../../components/dialog-footer';
import { ApiError } from '../../../lib/api-client';
import { useEnabledSources } from '../../../lib/get-site-info';
import { toastSuccess } from '../../../lib/toast';
import {
  DEFAULT_FORM_VALUES,
  alertToFormValues,
  chosenSources,
  formValuesToCreateInput,
  formValuesToPayload,
  hasAdvancedChanges,
  sourcesError,
  toMinScore,
  unscoredNote,
  type AlertFormValues,
} from '../alert-form-values';
import { useCreateAlert } from '../api/create-alert';
import { useUpdateAlert } from '../api/update-alert';
import { SendToSelect } from '../../channels';
import { useRedditAccess } from '../../ingestion';
import { AdvancedOptions } from './advanced-options';
import { NotificationChoice } from './notification-choice';
import { SitesChoice } from './sites-choice';
import { HowKeywordsWork } from './how-keywords-work';
import { SyntaxHints } from './syntax-hints';
import { VolumePreview } from '../../preview';

type Props = {
  /** The alert being edited; none means a new one. */
  alert?: Alert;
  showGuide?: boolean;
  onCancel: () => void;
  /** After a save; a new keyword is passed along (its past week's search has begun). */
  onDone: (created?: Alert) => void;
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Invalid value');

/** Server field names → form field names (the form says notificationMethod, the API digestFrequency). */
const FIELD_FOR_DETAIL: Record<string, keyof AlertFormValues> = {
  keyword: 'keyword',
  subreddits: 'subreddits',
  includeComments: 'includeComments',
  titlesOnly: 'titlesOnly',
  minScore: 'minScore',
  digestFrequency: 'notificationMethod',
  sources: 'sources',
};
const ADVANCED_FIELDS = new Set(['includeComments', 'titlesOnly', 'minScore']);

/** The form's values that decide what matches, as the preview asks for them. */
function previewInputOf(values: AlertFormValues, enabled: readonly SourceName[] | undefined) {
  const { keyword, subreddits, includeComments, titlesOnly } = values;
  return {
    keyword,
    subreddits: subreddits.trim() || null,
    includeComments,
    titlesOnly,
    sources: chosenSources(values, enabled),
  };
}

/** The server's answer; the plan's keyword limit (403) comes with the way past it. */
function ServerErrorNotice({ error }: { error: Error }) {
  const atPlanLimit = error instanceof ApiError && error.status === 403;
  return (
    <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {atPlanLimit && (
          <Button component={Link} to="/pricing" size="compact-sm" color="indigo">
            Upgrade to Pro
          </Button>
        )}
      </Stack>
    </Notice>
  );
}

export function KeywordForm({ alert, showGuide = false, onCancel, onDone }: Props) {
  const initialValues = alert ? alertToFormValues(alert) : DEFAULT_FORM_VALUES;
  const [advancedOpened, setAdvancedOpened] = useState(() => hasAdvancedChanges(initialValues));
  // Shown once, in the dialog, not also as a toast: a toast repeating it only covers the form.
  const [serverError, setServerError] = useState<Error | null>(null);
  // The channels its mentions go to: none unless chosen, so nothing is posted anywhere unasked.
  const [channelIds, setChannelIds] = useState<number[]>(() => alert?.channelIds ?? []);
  const limited = useRedditAccess().data?.mode === 'no-credentials';
  const enabledSources = useEnabledSources();
  // isPending reaches the button a render later; this stops a fast double click sending twice.
  const inFlight = useRef(false);

  // What decides the matches, for the volume preview (which waits for typing to pause).
  const [previewInput, setPreviewInput] = useState(() =>
    previewInputOf(initialValues, enabledSources),
  );
  const form = useForm<AlertFormValues>({
    initialValues,
    onValuesChange: (values) => setPreviewInput(previewInputOf(values, enabledSources)),
    // The parser's message appears under the field while the user types. See
    // docs/product.md §5 (Keyword query language).
    validateInputOnChange: ['keyword', 'subreddits'],
    validate: {
      keyword: (value) => firstMessage(keywordSchema.safeParse(value)),
      subreddits: (value) => {
        const parsed = parseSubreddits(value);
        return parsed.ok ? null : parsed.message;
      },
      minScore: (value) => firstMessage(minScoreSchema.safeParse(toMinScore(value))),
      sources: (_, values) => sourcesError(values, enabledSources),
    },
  });

  const showServerError = (error: Error) => {
    setServerError(error);
    if (!(error instanceof ApiError) || !error.details) return;
    const fields = Object.entries(error.details).flatMap(([name, message]) => {
      const field = FIELD_FOR_DETAIL[name];
      return field ? [[field, message] as const] : [];
    });
    form.setErrors(Object.fromEntries(fields));
    if (fields.some(([field]) => ADVANCED_FIELDS.has(field))) setAdvancedOpened(true);
  };

  const finish = (created?: Alert) => {
    form.reset();
    setServerError(null);
    onDone(created);
  };

  const create = useCreateAlert({
    onSuccess: (created) => {
      toastSuccess('Alert created', 'Your new alert has been created successfully.');
      finish(created);
    },
    onError: showServerError,
  });
  const update = useUpdateAlert({
    onSuccess: () => {
      toastSuccess('Alert updated', 'Your alert has been updated successfully.');
      finish();
    },
    onError: showServerError,
  });
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || form.validate().hasErrors) return;
    inFlight.current = true;
    setServerError(null);
    const values = form.getValues();
    const settle = { onSettled: () => void (inFlight.current = false) };
    if (alert) {
      const data = { ...formValuesToPayload(values, enabledSources), channelIds };
      update.mutate({ id: alert.id, data }, settle);
    } else
      create.mutate({ ...formValuesToCreateInput(values, enabledSources), channelIds }, settle);
  };

  const values = form.getValues();
  const sources = chosenSources(values, enabledSources);
  // Reddit's limits concern a keyword only when it listens to Reddit.
  const hearsReddit = !sources || sources.includes('reddit');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {showGuide && !alert && <HowKeywordsWork compact />}
        {serverError && <ServerErrorNotice error={serverError} />}
        <Stack gap={6}>
          <TextInput
            label="Keyword"
            placeholder={'"customer support" OR helpdesk'}
            required
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('keyword')}
            key={form.key('keyword')}
          />
          <SyntaxHints />
        </Stack>
        <VolumePreview input={previewInput} />
        <TextInput
          label="Subreddits"
          description="Comma-separated. Leave empty to watch all of Reddit."
          placeholder="r/SaaS, startups"
          autoComplete="off"
          {...form.getInputProps('subreddits')}
          key={form.key('subreddits')}
        />
        {/* One site needs no choosing. */}
        {enabledSources && enabledSources.length > 1 && (
          <SitesChoice form={form} enabled={enabledSources} />
        )}
        {limited && hearsReddit && values.subreddits.trim() === '' && (
          <Notice color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
            {SITE_WIDE_NEEDS_CREDENTIALS}. Without them Earshot monitors named subreddits only.
          </Notice>
        )}
        <NotificationChoice form={form} />
        <SendToSelect value={channelIds} onChange={setChannelIds} />
        <AdvancedOptions
          alertId={alert?.id}
          limited={limited && hearsReddit}
          unscoredNote={unscoredNote(sources)}
          form={form}
          opened={advancedOpened}
          onToggle={() => setAdvancedOpened((opened) => !opened)}
        />
        <DialogFooter>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {alert ? 'Update Keywords' : 'Add Keywords'}
          </Button>
        </DialogFooter>
      </Stack>
    </form>
  );
}
