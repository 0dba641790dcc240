/** "Ada Lovelace" -> "Ada": cards show the passenger's first name only (spec section 2). */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
