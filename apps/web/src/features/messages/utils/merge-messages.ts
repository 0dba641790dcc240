/**
 * Adds messages to a chat, each id once, oldest first. History, the socket, the answer of a send
 * and a catch-up after a reconnect can all deliver the same message; the id decides.
 */
export function mergeMessages<T extends { id: string }>(
  existing: readonly T[] | undefined,
  incoming: readonly T[],
  timeOf: (message: T) => string,
): T[] {
  const byId = new Map<string, T>();
  for (const message of existing ?? []) byId.set(message.id, message);
  let added = false;
  for (const message of incoming) {
    if (byId.has(message.id)) continue;
    byId.set(message.id, message);
    added = true;
  }
  if (!added && existing) return existing as T[];
  // Array.prototype.sort is stable, so messages of the same millisecond keep the server's order.
  return Array.from(byId.values()).sort((a, b) => Date.parse(timeOf(a)) - Date.parse(timeOf(b)));
}

/** The id a catch-up asks for messages after: the newest one we have. */
export function lastMessageId<T extends { id: string }>(messages: readonly T[] | undefined): string | undefined {
  return messages && messages.length > 0 ? messages[messages.length - 1]?.id : undefined;
}

/**
 * Everything after a message, page by page: the server caps a page, and a long disconnection can
 * miss more than one (docs/decisions/message-history.md).
 */
export async function fetchAllAfter<T extends { id: string }>(
  fetchPage: (after: string | undefined, limit: number) => Promise<T[]>,
  after: string | undefined,
  pageSize: number,
): Promise<T[]> {
  const all: T[] = [];
  let cursor = after;
  for (;;) {
    const page = await fetchPage(cursor, pageSize);
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < pageSize || !last) return all;
    cursor = last.id;
  }
}
