import type { LegalFacts } from "./types";

/** "1 Monat", "6 Monate"; "1 Tag", "7 Tage"; … */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The contact retention setting ("1".."36") as words: "1 Monat", "6 Monate". */
export const months = (setting: string): string => count(Number(setting), "Monat", "Monate");

type Period = { amount: number; unit: "hour" | "day" | "month" };

const NICKNAMES: Record<string, Period> = {
  "@hourly": { amount: 1, unit: "hour" },
  "@daily": { amount: 1, unit: "day" },
  "@midnight": { amount: 1, unit: "day" },
  "@weekly": { amount: 7, unit: "day" },
  "@monthly": { amount: 1, unit: "month" },
};

const number = /^\d+$/;

/**
 * The fixed interval between two runs of a backup schedule, for the shapes whose interval is
 * plain (hourly, every n hours, daily, weekly, monthly); undefined for anything else, so the
 * text never claims a period the schedule does not keep.
 */
export function backupPeriod(cron: string): Period | undefined {
  const pattern = cron.trim().toLowerCase();
  if (NICKNAMES[pattern]) return NICKNAMES[pattern];
  let fields = pattern.split(/\s+/);
  // Croner's optional seconds field: one fixed second keeps the interval.
  if (fields.length === 6 && number.test(fields[0]!)) fields = fields.slice(1);
  if (fields.length !== 5) return undefined;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  const any = (field: string) => field === "*" || field === "?";
  if (!number.test(minute) || !any(month)) return undefined;
  const everyHours = hour === "*" ? 1 : Number(/^\*\/(\d+)$/.exec(hour)?.[1]);
  if (everyHours && 24 % everyHours === 0 && any(day) && any(weekday)) {
    return everyHours === 24 ? { amount: 1, unit: "day" } : { amount: everyHours, unit: "hour" };
  }
  if (!number.test(hour)) return undefined;
  if (any(day) && any(weekday)) return { amount: 1, unit: "day" };
  if (any(day) && number.test(weekday)) return { amount: 7, unit: "day" };
  // Days 29 to 31 are missing in some months: such a schedule skips them.
  if (number.test(day) && Number(day) <= 28 && any(weekday)) return { amount: 1, unit: "month" };
  return undefined;
}

/** How long a backup schedule with `keep` archives holds data after its deletion, as words. */
function span({ amount, unit }: Period, keep: number): string {
  const total = amount * keep;
  if (unit === "month") return count(total, "Monat", "Monate");
  if (unit === "day") return count(total, "Tag", "Tage");
  return total % 24 === 0 ? count(total / 24, "Tag", "Tage") : count(total, "Stunde", "Stunden");
}

const SCHEDULE: Record<Period["unit"], (amount: number) => string> = {
  hour: (amount) => (amount === 1 ? "stündlich" : `alle ${amount} Stunden`),
  day: (amount) => (amount === 1 ? "täglich" : amount === 7 ? "wöchentlich" : `alle ${amount} Tage`),
  month: () => "monatlich",
};

/**
 * What the privacy policy says about backups, derived from BACKUP_CRON and BACKUP_KEEP:
 * how often they are made, how many are kept, and how long deleted data can remain in them.
 */
export function backupRetention({ backup: { keep, cron } }: LegalFacts): {
  how: string;
  deletedData: string;
  overview: string;
} {
  const archives = count(keep, "Sicherung", "Sicherungen");
  const lastArchives = keep === 1 ? "die letzte Sicherung" : `die letzten ${archives}`;
  const replaced = keep === 1 ? "ist" : "sind";
  if (!cron) {
    return {
      how: `Sicherungskopien der Datenbank erstelle ich bei Bedarf von Hand; davon bewahre ich nur ${lastArchives} auf.`,
      deletedData: `Gelöschte Daten können in diesen Sicherungen enthalten bleiben, bis ${lastArchives} ersetzt ${replaced}.`,
      overview: `Sicherungskopien: von Hand erstellt, ${lastArchives} werden aufbewahrt; gelöschte Daten darin, bis ${lastArchives} ersetzt ${replaced}`,
    };
  }
  const period = backupPeriod(cron);
  if (!period) {
    return {
      how: `Sicherungskopien der Datenbank werden automatisch nach einem festen Zeitplan erstellt; aufbewahrt werden ${lastArchives}, ältere löscht der Server selbst.`,
      deletedData: `Gelöschte Daten können in diesen Sicherungen enthalten bleiben, bis ${lastArchives} ersetzt ${replaced}.`,
      overview: `Sicherungskopien: ${lastArchives} werden aufbewahrt; gelöschte Daten darin, bis ${lastArchives} ersetzt ${replaced}`,
    };
  }
  const until = span(period, keep);
  return {
    how: `Sicherungskopien der Datenbank werden automatisch ${SCHEDULE[period.unit](period.amount)} erstellt; aufbewahrt werden ${lastArchives}, ältere löscht der Server selbst.`,
    deletedData: `Gelöschte Daten können deshalb noch bis zu ${until} nach ihrer Löschung in einer Sicherung enthalten sein; danach sind sie auch dort entfernt.`,
    overview: `Sicherungskopien: ${SCHEDULE[period.unit](period.amount)} erstellt, ${lastArchives} werden aufbewahrt; gelöschte Daten darin höchstens ${until}`,
  };
}
