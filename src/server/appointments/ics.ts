/**
 * iCalendar (RFC 5545) invitations for appointments: METHOD:REQUEST when booked, METHOD:CANCEL with the
 * same UID and a higher SEQUENCE when cancelled, so that calendar apps update the one event they hold.
 * Times are UTC (the trailing Z), which every calendar converts to its owner's zone.
 */
export interface IcsEvent {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** 20261123T150000Z */
export const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Control characters other than HTAB, which no iCalendar value may hold (RFC 5545 3.1, 3.3.11). */
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f]/g;

/**
 * TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF, LF or a
 * lone CR) written as the two characters `\n`, any other control character dropped, so that no shopper's
 * text (a name, a note) can start a property line of its own.
 */
export const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROLS, '');
/** Parameter values (CN=) are quoted, so they may hold separators; quotes and control characters they may not (3.2). */
export const icsParam = (value: string) =>
  `"${value
    .replace(/"/g, "'")
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(CONTROLS, '')}"`;
/** An address in a mailto: URI: whatever validation let through, no control character reaches the line. */
const mailto = (email: string) => `mailto:${email.replace(CONTROLS, '').replace(/[\s;:,"]/g, '')}`;

/** Lines longer than 75 octets are folded: CRLF and one space, never splitting a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(event: IcsEvent, productId: string, now = new Date()): string {
  const cancelled = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${productId}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    ...(event.url ? [`URL:${event.url.replace(CONTROLS, '')}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${icsParam(event.organizer.name)}:${mailto(event.organizer.email)}`,
    `ATTENDEE;CN=${icsParam(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancelled ? 'DECLINED' : 'ACCEPTED'};RSVP=FALSE:${mailto(event.attendee.email)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
