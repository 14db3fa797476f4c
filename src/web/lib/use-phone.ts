import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em, 768 px): where `hiddenFrom="sm"` shows. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is a phone's, known at the first render (no flash of the desktop layout):
 * six table columns do not fit 390 px, so tables become stacked cards there.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
