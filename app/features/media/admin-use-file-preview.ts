import { useEffect, useState } from "react";
import { MAX_UPLOAD_BYTES } from "./image-limits";

/**
 * A preview address (an object URL) of a file the owner chose, for the focal point picker; none
 * for a file the browser cannot decode or that the server would refuse as too large (an image
 * element pointed at such a file makes Chromium report a blocked connection on the console).
 */
export function useFilePreview(): [string | undefined, (file: File | undefined) => void] {
  const [url, setUrl] = useState<string>();
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const choose = (file: File | undefined) => {
    if (!file || file.size === 0 || file.size > MAX_UPLOAD_BYTES) return setUrl(undefined);
    createImageBitmap(file).then(
      (bitmap) => {
        bitmap.close();
        setUrl(URL.createObjectURL(file));
      },
      () => setUrl(undefined),
    );
  };
  return [url, choose];
}
