import { useState } from 'react';

/**
 * What a control that saves at once shows: the value the user chose, from the event that chose
 * it until the mutation saving it is reported settled, then the saved value (new, or old after a
 * failure). Read from the mutation alone (`isPending ? variables`), a switch bounced back for a
 * moment: React restores a controlled input at the end of its event, and React Query reports a
 * mutation pending only on a later task (its notify scheduler is a `setTimeout`). The end is
 * read from the mutation too, not from a callback, so that the saved value, which React Query
 * reports first, shows in the same render.
 */
export function useChosenValue<T>(saved: T, mutation: { isPending: boolean; submittedAt: number }) {
  const [chosen, setChosen] = useState<{ value: T; at: number }>();
  const settled = !chosen || (!mutation.isPending && mutation.submittedAt >= chosen.at);
  return {
    shown: settled ? saved : chosen.value,
    /** Call in the event, before `mutate`. */
    choose: (value: T) => setChosen({ value, at: Date.now() }),
  };
}
