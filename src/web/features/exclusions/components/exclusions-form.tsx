import { Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MAX_EXCLUSIONS,
  parseAuthors,
  parseExcludedSubreddits,
  type AuthorParse,
  type Exclusions,
} from '@shared/api/exclusions';
import { useState, type FormEvent } from 'react';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useUpdateExclusions } from '../api/update-exclusions';

type Values = { subreddits: string[]; authors: string[] };
type Parse = (names: string[]) => AuthorParse;

const valuesOf = (exclusions: Exclusions): Values => ({
  subreddits: exclusions.subreddits,
  authors: exclusions.authors,
});

/**
 * Each new tag as the server will keep it (r/ or u/ stripped, in the case typed, the first
 * spelling of a name winning), a bad one as typed; "a, b" pasted or filled in at once is two names.
 */
const normalised = (parse: Parse) => (tags: string[]) => {
  const names = tags
    .flatMap((tag) => tag.split(/[\s,]+/))
    .map((tag) => {
      const parsed = parse([tag]);
      return parsed.ok && parsed.names.length > 0 ? parsed.names[0] : tag.trim();
    });
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The list's first problem, worded as the server words it (it checks again). */
const problem = (parse: Parse, noun: string) => (names: string[]) => {
  if (names.length > MAX_EXCLUSIONS) return `At most ${MAX_EXCLUSIONS} excluded ${noun}`;
  const parsed = parse(names);
  return parsed.ok ? null : parsed.message;
};

type Pending = Record<keyof Values, string>;
const NOTHING_PENDING: Pending = { subreddits: '', authors: '' };

const fields = {
  subreddits: { parse: parseExcludedSubreddits, noun: 'subreddits' },
  authors: { parse: parseAuthors, noun: 'authors' },
} as const;

/** Two lists of names with Save; what they filtered today above them. */
export function ExclusionsForm({ exclusions }: { exclusions: Exclusions }) {
  const update = useUpdateExclusions();
  // A viewer reads the lists; saving would be refused (403).
  const canEdit = useCan('member');
  const form = useForm<Values>({
    initialValues: valuesOf(exclusions),
    validateInputOnChange: true,
    validate: {
      subreddits: problem(fields.subreddits.parse, fields.subreddits.noun),
      authors: problem(fields.authors.parse, fields.authors.noun),
    },
  });
  // What is typed but not yet a tag: Save takes it too, so "type a name, press Save" works.
  const [pending, setPending] = useState<Pending>(NOTHING_PENDING);
  const hasPending = pending.subreddits.trim() !== '' || pending.authors.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: Values = {
      subreddits: normalised(fields.subreddits.parse)([
        ...form.values.subreddits,
        pending.subreddits,
      ]),
      authors: normalised(fields.authors.parse)([...form.values.authors, pending.authors]),
    };
    form.setValues(values);
    setPending(NOTHING_PENDING);
    const errors = {
      subreddits: problem(fields.subreddits.parse, fields.subreddits.noun)(values.subreddits),
      authors: problem(fields.authors.parse, fields.authors.noun)(values.authors),
    };
    if (errors.subreddits || errors.authors) {
      form.setErrors(errors);
      return;
    }
    update.mutate(values, {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toastSuccess('Exclusions saved', 'They apply to every keyword from the next match on.');
      },
      onError: failedSubmit(form, 'Could not save your exclusions'),
    });
  };

  const listInput = (field: keyof Values) => {
    const { parse } = fields[field];
    return {
      ...form.getInputProps(field),
      onChange: (tags: string[]) => form.setFieldValue(field, normalised(parse)(tags)),
      searchValue: pending[field],
      onSearchChange: (text: string) => setPending((current) => ({ ...current, [field]: text })),
      readOnly: !canEdit,
      splitChars: [',', ' '],
      maxTags: MAX_EXCLUSIONS,
      clearable: true,
      // "u/Spez" and "spez" are one name.
      isDuplicate: (tag: string, current: string[]) =>
        current.includes(normalised(parse)([tag])[0] ?? ''),
    };
  };

  const empty = exclusions.subreddits.length === 0 && exclusions.authors.length === 0;
  return (
    <form onSubmit={submit} noValidate aria-label="Global exclusions">
      <Stack gap="md" maw={560}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite">
            Filtered today: {exclusions.filteredToday.toLocaleString('en-US')}
          </Text>
          <Text size="sm" c="dimmed">
            {empty
              ? 'Nothing is excluded yet: every match of your keywords is kept.'
              : 'Matches dropped since midnight UTC. They are not counted in your plan’s mentions.'}
          </Text>
        </Group>
        <TagsInput
          label="Excluded subreddits"
          description="Type a name and press Enter, a comma or a space."
          placeholder={form.values.subreddits.length === 0 ? 'e.g. r/Bitcoin' : undefined}
          {...listInput('subreddits')}
        />
        <TagsInput
          label="Excluded authors"
          description="Reddit usernames, such as AutoModerator."
          placeholder={form.values.authors.length === 0 ? 'e.g. u/AutoModerator' : undefined}
          {...listInput('authors')}
        />
        <Text size="xs" c="dimmed">
          Applies to new matches, up to {MAX_EXCLUSIONS} names in each list. Mentions already found
          stay where they are.
        </Text>
        {canEdit ? (
          <Group>
            {/* Pressing Save keeps the focus in the list being typed in: a blur would turn its text
              into a tag first, and the taller list would move the button from under the
              pointer before the click (seen at 390 px). Save takes the text itself. */}
            <Button
              type="submit"
              disabled={!form.isDirty() && !hasPending}
              loading={update.isPending}
              onMouseDown={(event) => event.preventDefault()}
            >
              Save Exclusions
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Your role in this workspace lets you read the exclusions, not change them.
          </Text>
        )}
      </Stack>
    </form>
  );
}
