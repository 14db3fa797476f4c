import { z } from 'zod';

/**
 * Relevance learned from feedback (decision 014): a thumbs up or down on each
 * mention; once a keyword has enough of both, a classifier of its own scores new mentions and
 * the keyword can hide the likely irrelevant ones.
 */
export const RELEVANCE_LABELS = ['relevant', 'irrelevant'] as const;
export const relevanceLabelSchema = z.enum(RELEVANCE_LABELS, {
  error: 'label must be "relevant", "irrelevant" or null',
});
export type RelevanceLabel = z.infer<typeof relevanceLabelSchema>;

/** Labels of each kind a keyword needs before its classifier is trained. */
export const MIN_LABELS_PER_KIND = 10;

/** PUT /api/mentions/:id/feedback: a thumbs up or down, or null to take it back. */
export const feedbackBodySchema = z.object(
  { label: relevanceLabelSchema.nullable() },
  { error: 'The body must be an object with a label' },
);
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const feedbackSchema = z.object({
  mentionId: z.number().int(),
  alertId: z.number().int(),
  label: relevanceLabelSchema.nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET/PUT /api/alerts/:id/relevance: the switch, the labels so far, and the model's figures. */
export const alertRelevanceSchema = z.object({
  alertId: z.number().int(),
  /** Whether new mentions the classifier finds likely irrelevant are hidden. */
  hideIrrelevant: z.boolean(),
  /** Labels given on this keyword's mentions now. */
  labels: z.object({ relevant: z.number().int(), irrelevant: z.number().int() }),
  minLabels: z.number().int(),
  /** The classifier in use, with its cross-validated figures; null until enough labels. */
  model: z
    .object({
      trainedAt: z.string(),
      /** The labels it was trained and measured on. */
      relevant: z.number().int(),
      irrelevant: z.number().int(),
      /** Of the mentions it would hide, the share marked not relevant; null: it hides none. */
      precision: z.number().nullable(),
      /** Of the mentions marked not relevant, the share it would hide. */
      recall: z.number(),
    })
    .nullable(),
  /** Labels changed since the model was trained: a new one is on its way. */
  training: z.boolean(),
  /** This keyword's mentions hidden since the user's local midnight. */
  hiddenToday: z.number().int(),
});
export type AlertRelevance = z.infer<typeof alertRelevanceSchema>;

export const relevanceUpdateSchema = z.object(
  { hideIrrelevant: z.boolean({ error: 'hideIrrelevant must be true or false' }) },
  { error: 'The body must be an object with hideIrrelevant' },
);
export type RelevanceUpdate = z.infer<typeof relevanceUpdateSchema>;

const positiveId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, 'is out of range');

/** GET /api/relevance/hidden: hidden today over every keyword, or one keyword's. */
export const hiddenCountQuerySchema = z.object({ alertId: positiveId.optional() });

export const hiddenCountSchema = z.object({ hiddenToday: z.number().int() });
export type HiddenCount = z.infer<typeof hiddenCountSchema>;

/** What the settings line says about the labels (plain words, for the dialog and tests). */
export function describeRelevance(relevance: AlertRelevance): string {
  const { labels, minLabels, model } = relevance;
  if (!model) {
    return (
      `${Math.min(labels.relevant, minLabels)} of ${minLabels} relevant and ` +
      `${Math.min(labels.irrelevant, minLabels)} of ${minLabels} not relevant marked so far. ` +
      'Use the thumbs on this keyword’s mentions; the filter can be turned on once both reach ' +
      `${minLabels}.`
    );
  }
  const total = model.relevant + model.irrelevant;
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  if (model.precision === null) {
    return `Tested on your ${total} labels, it would not have hidden any mention yet.`;
  }
  return (
    `Tested on your ${total} labels: ${percent(model.precision)} of what it hides is ` +
    `not relevant (precision), and it catches ${percent(model.recall)} of the not relevant ` +
    'ones (recall).'
  );
}
