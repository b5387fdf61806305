/**
 * Whether the owner's last confirmation (a loader's `confirmedUntil`) still holds now, in the
 * browser: the page can then expect a sensitive action's file instead of the way to Profil.
 * The server decides; this only chooses what the page says while it waits.
 */
export function isConfirmed(confirmedUntil: Date | string | null, now = Date.now()): boolean {
  return confirmedUntil !== null && now < new Date(confirmedUntil).getTime();
}
