import { useState } from 'react';

/**
 * What a control that saves at once shows: the value the user chose, from the event that chose
 * it until its save settles, then the saved value. Read from the mutation alone (`isPending ?
 * variables`), a switch bounced back for a moment: React restores a controlled input at the end
 * of its event, and React Query reports a mutation pending only on a later task (its notify
 * scheduler is a `setTimeout`). A browser test that read the switch in between saw no change.
 */
export function useChosenValue<T>(saved: T) {
  const [chosen, setChosen] = useState<{ value: T }>();
  return {
    shown: chosen ? chosen.value : saved,
    choose: (value: T) => setChosen({ value }),
    /** For the mutation's `onSettled`: the saved value (new, or old after a failure) shows. */
    settled: () => setChosen(undefined),
  };
}
