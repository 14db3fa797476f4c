/** Plan prices are integer cents in USD: 1499 → "$14.99", 0 → "$0". */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(dollars);
}

/** "month" → "/month"; an unknown interval is shown as is. */
export function formatInterval(interval: string): string {
  const value = interval.trim().toLowerCase();
  if (value === 'month' || value === 'monthly') return '/month';
  if (value === 'year' || value === 'yearly') return '/year';
  return value ? `/${value}` : '';
}
