import TriangleAlert from "lucide-react/icons/triangle-alert";
import { Link } from "react-router";
import { BACKUP_MESSAGES } from "./messages";

/**
 * The admin header's notice after a failed backup, on every admin page until a backup succeeds.
 * `failedAt`: from the admin layout's loader (`backupFailure`), null when the last one went well.
 */
export function BackupFailureNotice({ failedAt }: { failedAt: string | null | undefined }) {
  if (!failedAt) return null;
  return (
    <Link
      to="/admin/einstellungen/datensicherung"
      className="inline-flex items-center gap-2 rounded-full bg-red-100 px-3 py-1.5 text-sm font-semibold text-red-900 hover:bg-red-200"
    >
      <TriangleAlert aria-hidden="true" className="size-4" />
      {BACKUP_MESSAGES.failedNotice}
    </Link>
  );
}
