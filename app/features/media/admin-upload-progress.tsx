import { IMAGE_MESSAGES } from "./image-limits";
import type { UploadProgress } from "./admin-upload-with-progress";

/** What an upload is doing, as a progress bar with its words ("… 45 %", then "Wird verarbeitet …"). */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const label =
    progress.phase === "uploading" ? IMAGE_MESSAGES.uploading(progress.percent) : IMAGE_MESSAGES.processing;
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.phase === "uploading" ? progress.percent : undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={
            progress.phase === "uploading"
              ? "h-full bg-brand-600"
              : "h-full w-full animate-pulse bg-brand-400"
          }
          style={progress.phase === "uploading" ? { width: `${progress.percent}%` } : undefined}
        />
      </div>
      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        {label}
      </p>
    </div>
  );
}
