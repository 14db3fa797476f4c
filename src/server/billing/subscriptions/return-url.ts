import { ValidationError } from '../../http/errors';
import { allowedOrigins } from '../../http/security';

/**
 * A return URL from the client must stay on the app's origin (no open redirect through the
 * payment page); it always carries the flag the settings page reacts to.
 */
export function returnUrl(
  appUrl: string,
  given: string | undefined,
  fallbackPath: string,
  flag: 'checkout_success' | 'checkout_canceled',
  field: 'successUrl' | 'cancelUrl',
) {
  let url: URL;
  try {
    url = new URL(given ?? fallbackPath, appUrl);
  } catch {
    throw new ValidationError(`Invalid ${field}: must be a URL`, { [field]: 'must be a URL' });
  }
  if (!allowedOrigins(appUrl).has(url.origin)) {
    const problem = `must be on ${new URL(appUrl).origin}`;
    throw new ValidationError(`Invalid ${field}: ${problem}`, { [field]: problem });
  }
  url.searchParams.set(flag, 'true');
  return url.toString();
}
