/** The property lines of an iCalendar text, unfolded (RFC 5545 folding undone). */
export function icsLines(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  return Object.fromEntries(lines.filter(Boolean).map((l) => [l.slice(0, l.search(/[:;]/)), l]));
}
