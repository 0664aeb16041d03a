/**
 * How an editor is named to readers (the article label, its structured data): the one place that turns
 * an account into a name shown in public. Accounts carry only a username today, so that is the name.
 */
export function editorDisplayName(username: string): string {
  return username;
}
