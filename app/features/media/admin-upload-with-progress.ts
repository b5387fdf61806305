import { IMAGE_MESSAGES } from "./image-limits";

/** Where an upload stands: bytes on their way (percent), or the server processing them. */
export type UploadProgress = { phase: "uploading"; percent: number } | { phase: "processing" };
export type UploadResult = { ok: true; src: string } | { ok: false; message: string };

export const UPLOAD_ROUTE = "/admin/bilder";

/**
 * Sends one image to the upload route with XMLHttpRequest, the one browser API that reports an
 * upload's progress, and answers with the stored image's site path or the server's reason.
 */
export function uploadImage(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_ROUTE);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) {
        onProgress({ phase: "uploading", percent: Math.floor((event.loaded / event.total) * 100) });
      }
    });
    // Every byte has arrived: the server now checks and re-encodes the image.
    request.upload.addEventListener("load", () => onProgress({ phase: "processing" }));
    request.addEventListener("load", () => {
      const body = request.response as { ok?: boolean; src?: string; message?: string } | null;
      if (request.status === 200 && body?.ok && body.src) resolve({ ok: true, src: body.src });
      else if (request.status === 413) resolve({ ok: false, message: IMAGE_MESSAGES.tooLarge });
      else resolve({ ok: false, message: body?.message ?? IMAGE_MESSAGES.uploadFailed });
    });
    request.addEventListener("error", () => resolve({ ok: false, message: IMAGE_MESSAGES.uploadFailed }));
    const body = new FormData();
    body.set("file", file);
    onProgress({ phase: "uploading", percent: 0 });
    request.send(body);
  });
}
