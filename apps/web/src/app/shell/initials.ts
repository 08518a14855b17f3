/** Up to two letters for the avatar: from the display name's words, else the email, else "?". */
export function initialsOf(displayName: string | null | undefined, email?: string | null): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = words[0]?.[0] ?? '';
    const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
    return (first + last).toUpperCase();
  }
  const fromEmail = (email ?? '').trim()[0];
  return fromEmail ? fromEmail.toUpperCase() : '?';
}
