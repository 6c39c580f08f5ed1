/** Showing appointment times: always through Intl, in the zone given (the shopper's, once in the browser). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const formatTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

export const formatDateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));

/** "New York" from America/New_York, for sentences. */
export const zoneName = (timeZone: string) => timeZone.split('/').at(-1)!.replace(/_/g, ' ');

export const KIND_LABELS = { showroom: 'Showroom visit', video: 'Video call' } as const;
