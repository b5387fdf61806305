import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { data } from "react-router";
import { requireRecentConfirmation } from "~/features/auth/index.server";
import type { Route } from "./+types/admin-backup-download";
import { archivePath, BACKUPS_PATH, logDownloadFailure } from "./admin-backups.server";
import { BACKUP_MESSAGES } from "./backups/messages";

/**
 * An archive of DATA_DIR/backups, streamed as a download. It holds every row of the site (password
 * hashes, people's data): only with a recent confirmation, and only under a name a backup gets.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRecentConfirmation(request, context, BACKUPS_PATH);
  const file = archivePath(params.name);
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !info?.isFile()) throw data(BACKUP_MESSAGES.unknownArchive, { status: 404 });
  const stream = createReadStream(file);
  stream.on("error", logDownloadFailure);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(info.size),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
