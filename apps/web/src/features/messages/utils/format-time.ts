/**
 * Times in chats are shown in the viewer's zone and locale. The locale and zone parameters exist
 * for tests, which must not depend on the machine they run on.
 */
export interface TimeFormatOptions {
  locale?: string;
  timeZone?: string;
}

/** A bubble's time: hours and minutes, "hh:mm" (spec section 2, Conversation). */
export function formatMessageTime(iso: string, { locale, timeZone }: TimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** An inbox row's time: month, day, hour and minute (spec section 2, Inbox). */
export function formatConversationTime(iso: string, { locale, timeZone }: TimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}
