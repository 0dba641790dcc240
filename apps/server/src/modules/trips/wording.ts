/** "1 seat", "2 seats": the counts in the texts of notifications and errors. */
export function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
