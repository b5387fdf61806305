import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * The copy of an archive to a second place: a WebDAV folder (Nextcloud, ownCloud, the storage
 * boxes of German hosters). One HTTP PUT with Basic auth, streamed from the file; no client
 * library (docs/decisions/0022-backup-copies.md).
 */

const TIMEOUT_MS = 10 * 60 * 1000;

/** Why a copy failed, in German, for the notice and the mail; never with the password. */
export class RemoteCopyError extends Error {
  override name = "RemoteCopyError";
}

/**
 * A folder address the copy may go to: https anywhere, http only on this machine (a local
 * WebDAV server), without user and password in it (they have their own fields).
 */
export function checkRemoteUrl(value: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: "Bitte eine vollständige Adresse mit https:// angeben." };
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    return {
      error: "Die Adresse muss mit https:// beginnen (http:// nur für einen Server auf diesem Rechner).",
    };
  }
  if (url.username || url.password) {
    return { error: "Benutzername und Passwort bitte in ihre eigenen Felder, nicht in die Adresse." };
  }
  if (url.search || url.hash) return { error: "Die Adresse darf kein ? und kein # enthalten." };
  const href = url.href.endsWith("/") ? url.href : `${url.href}/`;
  return { url: href };
}

/** Puts `file` into the WebDAV folder under its own name; throws RemoteCopyError. */
export async function copyToWebdav(
  file: string,
  remote: { url: string; user: string; secret: string },
): Promise<void> {
  const target = new URL(encodeURIComponent(path.basename(file)), remote.url);
  const { size } = await stat(file);
  let response: Response;
  try {
    response = await fetch(target, {
      method: "PUT",
      headers: {
        Authorization: `Basic ${Buffer.from(`${remote.user}:${remote.secret}`).toString("base64")}`,
        "Content-Type": "application/gzip",
        "Content-Length": String(size),
      },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      duplex: "half",
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    } as RequestInit);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new RemoteCopyError(
      `Der WebDAV-Server ${target.host} war nicht erreichbar${cause ? ` (${cause})` : ""}.`,
    );
  }
  await response.body?.cancel();
  if (response.ok) return;
  if (response.status === 401 || response.status === 403) {
    throw new RemoteCopyError(
      `Der WebDAV-Server ${target.host} hat die Anmeldung abgelehnt (${response.status}): Bitte Benutzername und Passwort prüfen.`,
    );
  }
  if (response.status === 404 || response.status === 409) {
    throw new RemoteCopyError(
      `Den Ordner gibt es auf dem WebDAV-Server ${target.host} nicht (${response.status}): Bitte die Adresse prüfen und den Ordner anlegen.`,
    );
  }
  throw new RemoteCopyError(
    `Der WebDAV-Server ${target.host} hat die Sicherung nicht angenommen (HTTP ${response.status}).`,
  );
}
