/** How many backups survive pruning: the newest `newest`, and the newest of each day of the last `dailyDays` days. */
export interface RetentionPolicy {
  newest: number;
  dailyDays: number;
}

const DAY_MS = 24 * 3600 * 1000;

/** The time written in a backup file's name (articles-<id>-20261124T093000Z.json.gz); an invalid date when there is none. */
export function backupFileTime(name: string): Date {
  const match = /-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\.json\.gz$/.exec(name);
  return match ? new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`) : new Date(Number.NaN);
}

/**
 * The ids to keep. Keeping one per day means a burst of backups (a script repeating a deletion, a
 * stuck schedule) can only replace the newest few and that day's, never the days before it. Days are
 * UTC days; a backup whose time is unknown only counts among the newest.
 */
export function backupsToKeep(backups: { id: number; createdAt: Date }[], policy: RetentionPolicy, now = new Date()): Set<number> {
  const newestFirst = [...backups].sort((a, b) => b.id - a.id);
  const keep = new Set(newestFirst.slice(0, policy.newest).map((backup) => backup.id));
  const since = now.getTime() - policy.dailyDays * DAY_MS;
  const days = new Set<string>();
  for (const backup of newestFirst) {
    const time = backup.createdAt.getTime();
    if (Number.isNaN(time) || time < since) continue;
    const day = backup.createdAt.toISOString().slice(0, 10);
    if (days.has(day)) continue;
    days.add(day);
    keep.add(backup.id);
  }
  return keep;
}
